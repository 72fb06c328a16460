package io.streamrag.llm.provider.openai;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The failure a non-2xx answer stands for, with the endpoint's own words when it gave some. */
final class ErrorBody {

  private static final JsonMapper JSON = new JsonMapper();

  private ErrorBody() {}

  /** {@code error.message} of an OpenAI error body, else the body itself, shortened. */
  static String detail(String body) {
    try {
      JsonNode message = JSON.readTree(body).path("error").path("message");
      if (message.isString()) {
        return ChunkReader.abbreviate(message.asString());
      }
    } catch (RuntimeException notJson) {
      // a proxy's HTML page or plain text: shown as it is
    }
    return ChunkReader.abbreviate(body);
  }
}
