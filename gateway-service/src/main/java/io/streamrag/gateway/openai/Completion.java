package io.streamrag.gateway.openai;

import io.streamrag.gateway.relay.Relayed;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerEvent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One answer as OpenAI returns it unstreamed: a {@code chat.completion} with the whole text, the
 * usage when known, and the {@link Extension} (meta, citations, trace, needs-human). Events are
 * added as they come; an {@code error} event makes it a refusal with the status its code calls for
 * (e.g. 502 when the model failed), never a partial answer. An answer that restarted (its instance
 * died) is collected again from its start: the response holds its last generation only.
 */
final class Completion {

  private final String requestId;
  private final String model;
  private final Instant created;
  private Extension extension;
  private final StringBuilder text = new StringBuilder();
  private Map<String, Object> meta = Map.of();
  private AnswerDone done;
  private Refusal error;

  Completion(String requestId, String model, Instant created) {
    this.requestId = requestId;
    this.model = model;
    this.created = created;
    this.extension = new Extension(requestId);
  }

  Completion add(Relayed relayed) {
    if (relayed instanceof Relayed.Event event) {
      return add(event.event());
    }
    extension = new Extension(requestId);
    text.setLength(0);
    meta = Map.of();
    done = null;
    error = null;
    return this;
  }

  private Completion add(AnswerEvent e) {
    extension.collect(e);
    switch (e.getType()) {
      case META -> meta = extension.meta(e.getMeta());
      case TOKEN -> text.append(e.getText());
      case DONE -> done = e.getDone();
      case ERROR ->
          error =
              new Refusal(
                  OpenAiErrors.status(e.getError().getCode()),
                  e.getError().getCode(),
                  e.getError().getMessage());
      default -> {}
    }
    return this;
  }

  /**
   * The response body.
   *
   * @throws Refused when the answer failed
   */
  Map<String, Object> body() {
    if (error != null) {
      throw new Refused(error);
    }
    var message = new LinkedHashMap<String, Object>();
    message.put("role", "assistant");
    message.put("content", text.toString());
    message.put("refusal", null);
    var choice = new LinkedHashMap<String, Object>();
    choice.put("index", 0);
    choice.put("message", message);
    choice.put("logprobs", null);
    choice.put("finish_reason", "stop");
    var body = new LinkedHashMap<String, Object>();
    body.put("id", "chatcmpl-" + requestId);
    body.put("object", "chat.completion");
    body.put("created", created.getEpochSecond());
    body.put("model", model);
    body.put("system_fingerprint", null);
    body.put("choices", List.of(choice));
    body.put("usage", Extension.usage(done));
    var x = new LinkedHashMap<String, Object>(meta);
    x.putAll(extension.end(done));
    body.put(Extension.FIELD, x);
    return body;
  }
}
