package io.streamrag.gateway.openai;

import io.streamrag.gateway.relay.EventIds;
import io.streamrag.gateway.relay.Relayed;
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
 * already has are not sent again, though what they carry is still collected.
 *
 * <p>An answer that restarts ({@link Relayed.Reset}: the instance writing it died) before any
 * content reached the client is followed in its new generation as if nothing happened. Once content
 * was sent, OpenAI's protocol has no way to take it back, and appending the new generation would
 * splice two answers into one: the stream ends with an error chunk ({@code server_error}, code
 * {@code generation_restarted}) and {@code [DONE]}; the client asks again.
 */
final class ChunkStream {

  private final String requestId;
  private final String model;
  private final long created;
  private final boolean includeUsage;
  private final JsonMapper json;
  private Extension extension;
  private boolean roleSent;
  private boolean contentSent;
  private boolean restarted;

  /**
   * @param resumed whether the client has been sent part of this answer already
   */
  ChunkStream(
      String requestId,
      String model,
      Instant created,
      boolean includeUsage,
      boolean resumed,
      JsonMapper json) {
    this.requestId = requestId;
    this.model = model;
    this.created = created.getEpochSecond();
    this.includeUsage = includeUsage;
    this.json = json;
    this.extension = new Extension(requestId);
    // a resumed client may hold content already: a restart cannot be made invisible to it
    this.roleSent = resumed;
    this.contentSent = resumed;
  }

  /** What a relayed item becomes on the wire: nothing, a chunk, or the stream's end. */
  List<ServerSentEvent<String>> of(Relayed relayed) {
    if (relayed instanceof Relayed.Reset) {
      if (!contentSent) {
        extension = new Extension(requestId); // nothing of it reached the client
        return List.of();
      }
      restarted = true;
      return List.of(
          error(
              "generation_restarted",
              "the service answering stopped mid-answer and the answer restarted; the text sent"
                  + " so far is void: please ask again"),
          ServerSentEvent.builder("[DONE]").build());
    }
    var event = (Relayed.Event) relayed;
    return of(event.event(), event.generation(), event.after());
  }

  /** True once the stream ended because its answer restarted after content was sent. */
  boolean restarted() {
    return restarted;
  }

  private List<ServerSentEvent<String>> of(AnswerEvent e, int generation, int after) {
    extension.collect(e);
    var out = new ArrayList<ServerSentEvent<String>>();
    boolean fresh = e.getSeq() > after;
    switch (e.getType()) {
      case META -> {
        if (fresh && !roleSent) {
          roleSent = true;
          var delta = new LinkedHashMap<String, Object>();
          delta.put("role", "assistant");
          delta.put("content", "");
          out.add(event(e, generation, chunk(delta, null, extension.meta(e.getMeta()))));
        }
      }
      case TOKEN -> {
        if (fresh) {
          contentSent = true;
          out.add(event(e, generation, chunk(Map.of("content", e.getText()), null, null)));
        }
      }
      case DONE -> {
        if (fresh) {
          out.add(event(e, generation, chunk(Map.of(), "stop", extension.end(e.getDone()))));
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
          out.add(event(e, generation, json.writeValueAsString(error)));
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

  private ServerSentEvent<String> event(AnswerEvent e, int generation, String data) {
    return ServerSentEvent.builder(data).id(EventIds.of(requestId, generation, e.getSeq())).build();
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
