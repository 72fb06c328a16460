package io.streamrag.llm.provider.model;

import io.streamrag.llm.provider.Answer.TokenUsage;
import io.streamrag.llm.provider.ProviderFailure;
import java.util.List;

/**
 * A complete reply from a chat model.
 *
 * @param text the text, as streamed (empty when the model only called tools)
 * @param toolCalls the calls it asks for, in order of their index
 * @param finishReason why it stopped, e.g. {@code stop}, {@code tool_calls}, {@code length}
 * @param usage the tokens the endpoint counted ({@link TokenUsage#NONE} when it did not say)
 * @param provider the provider that replied
 * @param model the model that replied
 * @param fallbacks the providers tried or skipped before it, with why
 */
public record ModelReply(
    String text,
    List<ToolCall> toolCalls,
    String finishReason,
    TokenUsage usage,
    String provider,
    String model,
    List<ProviderFailure> fallbacks) {

  public ModelReply {
    toolCalls = List.copyOf(toolCalls);
    fallbacks = List.copyOf(fallbacks);
  }

  /** This reply, given after the listed providers failed. */
  public ModelReply after(List<ProviderFailure> failed) {
    return new ModelReply(text, toolCalls, finishReason, usage, provider, model, failed);
  }
}
