package io.streamrag.llm.provider;

import io.streamrag.llm.prompt.Prompt;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Writes the answer, streaming it piece by piece.
 *
 * <p>Implementations: {@link ExtractiveProvider} (default: no model, quotes the context) and {@link
 * ModelAnswerProvider} (a chain of OpenAI-compatible endpoints, falling back to the extractive
 * provider when none can start an answer).
 */
public interface AnswerProvider {

  /** Short name shown to users in the {@code meta} event, e.g. {@code extractive}. */
  String name();

  /** The model behind it. */
  String model();

  /**
   * Streams the answer to {@code tokens}; the future completes once the answer is complete.
   *
   * @param cancel closes a model call under way when the answer's caller leaves
   * @return the passages it cites, who answered and the tokens used; or a {@link ProviderException}
   *     when the answer cannot be produced ({@link ProviderException#midStream()} tells whether
   *     part of it was already streamed)
   */
  CompletableFuture<Answer> answer(
      Prompt prompt, ContextRetrieved context, Consumer<String> tokens, Cancellation cancel);
}
