package io.streamrag.llm.provider;

import io.streamrag.llm.prompt.Prompt;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.llm.provider.openai.Endpoint;
import io.streamrag.llm.provider.openai.ProviderChain;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers with a language model: the prompt becomes messages [system, earlier turns as user and
 * assistant, question], the chain of OpenAI-compatible providers streams the answer, and the {@code
 * [n]} it writes are its citations. When every provider fails before the first token, the
 * extractive provider answers instead (unless that fallback is switched off).
 */
public final class ModelAnswerProvider implements AnswerProvider {

  private static final Logger log = LoggerFactory.getLogger(ModelAnswerProvider.class);

  private final ProviderChain chain;
  private final ExtractiveProvider extractive;
  private final boolean fallbackToExtractive;

  public ModelAnswerProvider(
      ProviderChain chain, ExtractiveProvider extractive, boolean fallbackToExtractive) {
    this.chain = chain;
    this.extractive = extractive;
    this.fallbackToExtractive = fallbackToExtractive;
  }

  /** The provider expected to answer now: the first available one of the chain. */
  @Override
  public String name() {
    return chain.expected().map(Endpoint::name).orElseGet(this::unavailableName);
  }

  @Override
  public String model() {
    return chain.expected().map(Endpoint::model).orElseGet(this::unavailableModel);
  }

  @Override
  public CompletableFuture<Answer> answer(
      Prompt prompt, ContextRetrieved context, Consumer<String> tokens, Cancellation cancel) {
    var first = new FirstToken(tokens);
    return chain.stream(ModelRequest.of(messages(prompt)), first, cancel)
        .thenApply(
            reply ->
                new Answer(
                    Citations.in(reply.text(), context.getPassages().size()),
                    reply.provider(),
                    reply.model(),
                    reply.usage(),
                    reply.fallbacks()))
        .exceptionally(
            error -> {
              if (!(Futures.cause(error) instanceof ProviderException e)
                  || e.midStream()
                  || !fallbackToExtractive) {
                throw Futures.rethrow(Futures.cause(error));
              }
              log.warn("every model provider failed ({}): the answer is extractive", e.failures());
              return extractive.quote(prompt, context, first).after(e.failures());
            })
        .whenComplete(
            (answer, error) -> {
              if (answer != null) {
                log.info(
                    "answer {} by {} ({}): {} prompt + {} completion tokens, first token after {}"
                        + " ms, fallbacks {}",
                    context.getRequest().getRequestId(),
                    answer.provider(),
                    answer.model(),
                    answer.usage().promptTokens(),
                    answer.usage().completionTokens(),
                    first.millis(),
                    answer.fallbacks());
              }
            });
  }

  /** [system, (question, answer) of each earlier turn, question]. */
  static List<ChatMessage> messages(Prompt prompt) {
    var messages = new ArrayList<ChatMessage>();
    messages.add(ChatMessage.system(prompt.system()));
    for (Prompt.Turn turn : prompt.history()) {
      messages.add(ChatMessage.user(turn.question()));
      messages.add(ChatMessage.assistant(turn.answer()));
    }
    messages.add(ChatMessage.user(prompt.user()));
    return messages;
  }

  private String unavailableName() {
    return fallbackToExtractive ? extractive.name() : chain.status().get(0).name();
  }

  private String unavailableModel() {
    return fallbackToExtractive ? extractive.model() : chain.status().get(0).model();
  }

  /** Passes tokens on and notes when the first one passed, as the user saw it. */
  private static final class FirstToken implements Consumer<String> {

    private final Consumer<String> tokens;
    private final long start = System.nanoTime();
    private volatile long first = -1;

    FirstToken(Consumer<String> tokens) {
      this.tokens = tokens;
    }

    @Override
    public void accept(String token) {
      if (first < 0) {
        first = System.nanoTime();
      }
      tokens.accept(token);
    }

    /** Milliseconds to the first token; -1 when none came. */
    long millis() {
      return first < 0 ? -1 : (first - start) / 1_000_000;
    }
  }
}
