package io.streamrag.modelfake;

/**
 * The lines of one streamed completion in the OpenAI format: a {@code data:} chunk per token, a
 * last chunk with the finish reason and the usage, then {@code data: [DONE]}.
 */
final class Chunks {

  static final String DONE = "data: [DONE]\n\n";

  private final StreamingModel model;
  private final int generation;
  private final int promptTokens;
  private final String id;

  Chunks(StreamingModel model, int generation, int promptTokens) {
    this.model = model;
    this.generation = generation;
    this.promptTokens = promptTokens;
    this.id = "fake-" + generation;
  }

  String token(int i) {
    String role = i == 0 ? "\"role\":\"assistant\"," : "";
    return "data: {\"id\":\""
        + id
        + "\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-streaming\",\"choices\":[{\"index\":0,\"delta\":{"
        + role
        + "\"content\":\""
        + model.token(generation, i)
        + "\"},\"finish_reason\":null}]}\n\n";
  }

  String finish(int tokens) {
    return "data: {\"id\":\""
        + id
        + "\",\"object\":\"chat.completion.chunk\",\"model\":\"fake-streaming\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
        + usage(tokens)
        + "}\n\n";
  }

  /** The whole reply of a call that asked for no stream. */
  String whole(int tokens) {
    var text = new StringBuilder();
    for (int i = 0; i < tokens; i++) {
      text.append(model.token(generation, i));
    }
    return "{\"id\":\""
        + id
        + "\",\"object\":\"chat.completion\",\"model\":\"fake-streaming\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
        + text
        + "\"},\"finish_reason\":\"stop\"}],"
        + usage(tokens)
        + "}";
  }

  private String usage(int tokens) {
    return "\"usage\":{\"prompt_tokens\":"
        + promptTokens
        + ",\"completion_tokens\":"
        + tokens
        + ",\"total_tokens\":"
        + (promptTokens + tokens)
        + "}";
  }
}
