package io.streamrag.gateway.openai;

import io.streamrag.gateway.admission.Admission;
import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.relay.AnswerSessions;
import io.streamrag.gateway.relay.Relayed;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.text.Language;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.GivenTurn;
import java.time.Clock;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /v1/chat/completions}, step by step: the same admission as the SSE chat (key, sensor,
 * pipeline, guardrails), in OpenAI's terms, then the same publication.
 *
 * <p>The conversation is the request's {@code messages}, used as given: the earlier exchanges go to
 * llm-service with the question ({@code ChatRequested.history}) and take the place of the stored
 * memory, in the pipeline's memory window, for the follow-up rewrite and the prompt; nothing is
 * stored. OpenAI's API is stateless: its clients send the whole conversation each time, edit it,
 * cut it and regenerate answers, and a stored memory would drift from what their user sees; nor has
 * the protocol a field to name a stored conversation by. So no conversation is opened here: each
 * request has a conversation id of its own, and {@code /api/conversations} does not list it.
 */
final class CompletionSteps {

  private final KnownModels models;
  private final Admission admission;
  private final AnswerSessions sessions;
  private final JsonMapper json;
  private final Clock clock;

  /**
   * @param question the guardrails of the question (injection, length)
   * @param turns the guardrail of each earlier turn (injection: a turn goes into the prompt too)
   */
  CompletionSteps(
      KnownModels models,
      Admission admission,
      AnswerSessions sessions,
      JsonMapper json,
      Clock clock) {
    this.models = models;
    this.admission = admission;
    this.sessions = sessions;
    this.json = json;
    this.clock = clock;
  }

  /** An admitted completion: the request published, its body, and its answer events. */
  record Admitted(ChatRequested request, CompletionBody body, Flux<Relayed> events) {}

  /**
   * Admits a completion request.
   *
   * @return it, published; a {@link Refused} otherwise
   */
  Mono<Admitted> admit(Authenticated who, byte[] raw) {
    // off the event loop: the body is up to 1 MiB, and every turn goes through the injection guard
    return OffLoop.call(() -> checked(who, raw))
        .flatMap(
            checked ->
                // 6. someone must be there to answer: else 503 now, not a timeout later
                sessions
                    .unavailable()
                    .<Admitted>flatMap(missing -> Mono.error(new Refused(missing)))
                    .switchIfEmpty(Mono.defer(() -> publish(checked))));
  }

  /** A request that passed steps 1 to 5, and its body. */
  private record Checked(ChatRequested request, CompletionBody body) {}

  private Checked checked(Authenticated who, byte[] raw) {
    // 1. a known API key, the bearer token as OpenAI's (authenticated once, by the filter)
    Caller caller = who.orRefuse();
    // 2. read the body: the model, the messages and the extension fields
    var body = CompletionBody.parse(raw, json);
    // 3. the model is a pipeline this key may use (OpenAI's 404 for one nobody has)
    models.refusal(caller, body.model()).ifPresent(CompletionSteps::fail);
    // 4. admission: the sensor named, else the key's only one, owned; the model as the pipeline
    var scope = admission.scope(caller, sensor(caller, body), body.model());
    String sensor = scope.sensorUuid();
    // 5. and its guardrails: the question's (length, then injection: S0.2), and injection in every
    //    turn (the turns within their own budget, CompletionBody)
    admission.screenQuestion(body.question()).ifPresent(CompletionSteps::inMessages);
    for (var turn : body.turns()) {
      admission.screenContext(turn.question()).ifPresent(CompletionSteps::inMessages);
      admission.screenContext(turn.answer()).ifPresent(CompletionSteps::inMessages);
    }
    var request =
        ChatRequested.newBuilder()
            .setRequestId(sessions.newRequestId())
            // the client holds the conversation: one of its own for each request (see above)
            .setConversationId(UUID.randomUUID().toString())
            .setUserId(caller.owner())
            .setSensorUuid(sensor)
            .setPipeline(body.model())
            .setMessage(body.question().strip())
            .setLanguage(Language.detect(body.question()))
            .setRequestedAt(clock.instant())
            .setNewConversation(true)
            .setHistory(
                body.turns().stream().map(t -> new GivenTurn(t.question(), t.answer())).toList())
            .build();
    return new Checked(request, body);
  }

  /** Step 7: publishes the request and opens its answer. */
  private Mono<Admitted> publish(Checked checked) {
    return sessions
        .start(checked.request(), null)
        .map(events -> new Admitted(checked.request(), checked.body(), events));
  }

  private static String sensor(Caller caller, CompletionBody body) {
    if (body.sensorUuid() != null) {
      return body.sensorUuid();
    }
    if (caller.sensors().size() != 1) {
      throw new Refused(
          400,
          "missing_sensor",
          "this API key has several sensors: name one in the body's sensor_uuid",
          "sensor_uuid");
    }
    return caller.sensors().iterator().next();
  }

  private static void fail(Refusal refusal) {
    throw new Refused(refusal);
  }

  /** A guardrail's refusal, naming the messages as the param at fault. */
  private static void inMessages(Refusal refusal) {
    fail(new Refusal(refusal.status(), refusal.code(), refusal.message(), "messages"));
  }
}
