package io.streamrag.llm.provider.model;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A chat model at the level of messages and tool calls, for callers that need more than an answer:
 * the answer adapter, the agentic tool loop, the planner, the rewriter and the guard's judge.
 * Asynchronous: a reply takes seconds, and hundreds are under way at once on a few threads.
 *
 * <p>Implementations: {@code OpenAiClient} (one OpenAI-compatible endpoint) and {@code
 * ProviderChain} (several, with circuit breakers and fallback before the first token).
 */
public interface ChatModel {

  /**
   * Streams the reply's text to {@code tokens} as it arrives; the future completes with the whole
   * reply. Tool-call deltas are not streamed; they arrive whole in the reply.
   *
   * @param cancel closes the call's connection when the answer is cancelled
   * @return the reply, or a failure: {@link io.streamrag.llm.provider.ProviderException} when no
   *     reply could be completed ({@code midStream()} tells whether part of it reached {@code
   *     tokens}), {@link Cancellation.Cancelled} when the caller left, or what {@code tokens} threw
   */
  CompletableFuture<ModelReply> stream(
      ModelRequest request, Consumer<String> tokens, Cancellation cancel);

  /**
   * The whole reply, with no tokens streamed to anyone (so a chain may fall back until it returns).
   */
  default CompletableFuture<ModelReply> complete(ModelRequest request, Cancellation cancel) {
    return stream(request, token -> {}, cancel);
  }
}
