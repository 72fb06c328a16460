package io.streamrag.gateway.relay;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ReactiveHttpOutputMessage;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.BodyInserter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * An event stream written a group at a time: the events of one group (the SSE events one answer
 * record becomes, e.g. every step of a grouped trace, or OpenAI's final chunk, usage and {@code
 * [DONE]}) go out in one write and one flush, where Spring's SSE writer flushes after every event.
 * The wire format is Spring's: {@code id:}, {@code event:}, {@code :comment} and {@code data:}
 * lines (a string as it is, anything else as JSON), an empty line after each event.
 */
public final class SseBody {

  /** What Spring's own SSE writer declares: the events are UTF-8, and the client is told so. */
  private static final MediaType UTF8_EVENT_STREAM =
      new MediaType(MediaType.TEXT_EVENT_STREAM, StandardCharsets.UTF_8);

  private SseBody() {}

  /** The body of a {@code text/event-stream} response made of {@code groups}. */
  public static <T> BodyInserter<Flux<List<ServerSentEvent<T>>>, ReactiveHttpOutputMessage> of(
      Flux<List<ServerSentEvent<T>>> groups, JsonMapper json) {
    return (message, context) -> {
      var type = message.getHeaders().getContentType();
      if (type == null || type.getCharset() == null) {
        message.getHeaders().setContentType(UTF8_EVENT_STREAM);
      }
      var buffers = message.bufferFactory();
      return message.writeAndFlushWith(
          groups
              .filter(group -> !group.isEmpty())
              .map(group -> Mono.fromCallable(() -> buffers.wrap(encode(group, json)))));
    };
  }

  /** The bytes of a group of events, in order. */
  static <T> byte[] encode(List<ServerSentEvent<T>> group, JsonMapper json) {
    var out = new StringBuilder(256 * group.size());
    for (var e : group) {
      field(out, "id", e.id());
      field(out, "event", e.event());
      if (e.retry() != null) {
        field(out, "retry", Long.toString(e.retry().toMillis()));
      }
      if (e.comment() != null) {
        out.append(':').append(e.comment().replace("\n", "\n:")).append('\n');
      }
      if (e.data() != null) {
        String data = e.data() instanceof String s ? s : json.writeValueAsString(e.data());
        out.append("data:").append(data.replace("\n", "\ndata:")).append('\n');
      }
      out.append('\n');
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void field(StringBuilder out, String name, String value) {
    if (value != null) {
      out.append(name).append(':').append(value).append('\n');
    }
  }
}
