package io.streamrag.gateway.openai;

import io.streamrag.gateway.relay.EventIds;
import io.streamrag.schemas.chat.AnswerEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.codec.ServerSentEvent;
import tools.jackson.databind.json.JsonMapper;

/**
 * One answer as OpenAI streams it: {@code data: {chat.completion.chunk}} lines, then {@code data:
 * [DONE]}. {@code meta} becomes the first chunk (the assistant's role), each {@code token} a chunk
 * of content, {@code done} the final chunk ({@code finish_reason: stop}, the {@link Extension}),
 * then the usage chunk if asked for; citations, trace steps and needs-human events are kept for the
 * final chunk. An {@code error} becomes {@code data: {"error": {...}}} (OpenAI's clients raise it)
 * and ends the stream. Every chunk has the id of its event ({@link EventIds}); those the client
 * already has ({@code seq <= after}) are not sent again, though what they carry is still collected.
 */
final class ChunkStream {

  private final String requestId;
  private final String model;
  private final long created;
  private final boolean includeUsage;
  private final int after;
  private final JsonMapper json;
  private final Extension extension;

  ChunkStream(
      String requestId,
      String model,
      Instant created,
      boolean includeUsage,
      int after,
      JsonMapper json) {
    this.requestId = requestId;
    this.model = model;
    this.created = created.getEpochSecond();
    this.includeUsage = includeUsage;
    this.after = after;
    this.json = json;
    this.extension = new Extension(requestId);
  }

  /** What an answer event becomes on the wire: nothing, a chunk, or the stream's end. */
  List<ServerSentEvent<String>> of(AnswerEvent e) {
    extension.collect(e);
    var out = new ArrayList<ServerSentEvent<String>>();
    boolean fresh = e.getSeq() > after;
    switch (e.getType()) {
      case META -> {
        if (fresh) {
          var delta = new LinkedHashMap<String, Object>();
          delta.put("role", "assistant");
          delta.put("content", "");
          out.add(event(e, chunk(delta, null, extension.meta(e.getMeta()))));
        }
      }
      case TOKEN -> {
        if (fresh) {
          out.add(event(e, chunk(Map.of("content", e.getText()), null, null)));
        }
      }
      case DONE -> {
        if (fresh) {
          out.add(event(e, chunk(Map.of(), "stop", extension.end(e.getDone()))));
          if (includeUsage) {
            var usage = base();
            usage.put("choices", List.of());
            usage.put("usage", Extension.usage(e.getDone()));
            out.add(ServerSentEvent.builder(json.writeValueAsString(usage)).build());
          }
        }
        out.add(ServerSentEvent.builder("[DONE]").build());
      }
      case ERROR -> {
        if (fresh) {
          var error = OpenAiErrors.body(e.getError().getCode(), e.getError().getMessage());
          out.add(event(e, json.writeValueAsString(error)));
        }
      }
      default -> {} // collected for the final chunk
    }
    return out;
  }

  /** The end of a stream whose answer did not come in time. */
  ServerSentEvent<String> error(String code, String message) {
    return ServerSentEvent.builder(json.writeValueAsString(OpenAiErrors.body(code, message)))
        .build();
  }

  private ServerSentEvent<String> event(AnswerEvent e, String data) {
    return ServerSentEvent.builder(data).id(EventIds.of(requestId, e.getSeq())).build();
  }

  private String chunk(Map<String, Object> delta, String finishReason, Map<String, Object> x) {
    var choice = new LinkedHashMap<String, Object>();
    choice.put("index", 0);
    choice.put("delta", delta);
    choice.put("logprobs", null);
    choice.put("finish_reason", finishReason);
    var chunk = base();
    chunk.put("choices", List.of(choice));
    if (x != null) {
      chunk.put(Extension.FIELD, x);
    }
    return json.writeValueAsString(chunk);
  }

  private Map<String, Object> base() {
    var chunk = new LinkedHashMap<String, Object>();
    chunk.put("id", "chatcmpl-" + requestId);
    chunk.put("object", "chat.completion.chunk");
    chunk.put("created", created);
    chunk.put("model", model);
    chunk.put("system_fingerprint", null);
    return chunk;
  }
}
