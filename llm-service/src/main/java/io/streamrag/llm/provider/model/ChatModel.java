package io.streamrag.llm.provider.model;

import java.util.function.Consumer;

/**
 * A chat model at the level of messages and tool calls, for callers that need more than an answer:
 * the answer adapter and an agentic tool loop.
 *
 * <p>Implementations: {@code OpenAiClient} (one OpenAI-compatible endpoint) and {@code
 * ProviderChain} (several, with circuit breakers and fallback before the first token).
 */
public interface ChatModel {

  /**
   * Streams the reply's text to {@code tokens} as it arrives and returns once it is complete.
   * Tool-call deltas are not streamed; they arrive whole in the reply.
   *
   * @throws io.streamrag.llm.provider.ProviderException when no reply could be completed; {@code
   *     midStream()} tells whether part of it had reached {@code tokens}
   */
  ModelReply stream(ModelRequest request, Consumer<String> tokens);

  /**
   * The whole reply, with no tokens streamed to anyone (so a chain may fall back until it returns).
   */
  default ModelReply complete(ModelRequest request) {
    return stream(request, token -> {});
  }
}
