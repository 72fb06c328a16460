package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.openai.StreamedExchange.Event;
import io.streamrag.llm.provider.openai.StreamedExchange.Line;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The failure a non-2xx answer stands for, with the endpoint's own words when it gave some. */
final class ErrorBody {

  private static final JsonMapper JSON = new JsonMapper();
  private static final int MAX_CHARS = 2000;

  private ErrorBody() {}

  /** Reads what the body says (within the current deadline) and classifies the status. */
  static EndpointException read(
      StreamedExchange.Head head, StreamedExchange exchange, Deadlines deadlines)
      throws InterruptedException {
    var text = new StringBuilder();
    Event event;
    while (text.length() < MAX_CHARS && (event = exchange.next(deadlines.next())) != null) {
      if (!(event instanceof Line line)) {
        break;
      }
      text.append(line.text()).append(' ');
    }
    String retryAfter = head.headers().firstValue("Retry-After").orElse(null);
    return EndpointException.status(head.status(), detail(text.toString().strip()), retryAfter);
  }

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
