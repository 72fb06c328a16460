package io.streamrag.gateway;

import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.chat.ChatBody;
import io.streamrag.gateway.conversation.ConversationOwners;
import io.streamrag.gateway.relay.AnswerSessions;
import io.streamrag.gateway.relay.Relayed;
import io.streamrag.kit.guard.Guardrail;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.text.Language;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ConversationStarted;
import java.time.Clock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/** gateway-service, step by step: admit a chat question, hand it to Kafka, relay its answer. */
public class GatewaySteps {

  private final ApiKeys keys;
  private final Guardrail guardrails;
  private final AnswerSessions sessions;
  private final ConversationOwners conversations;
  private final JsonMapper json;
  private final Clock clock;

  public GatewaySteps(
      ApiKeys keys,
      Guardrail guardrails,
      AnswerSessions sessions,
      ConversationOwners conversations,
      JsonMapper json,
      Clock clock) {
    this.keys = keys;
    this.guardrails = guardrails;
    this.sessions = sessions;
    this.conversations = conversations;
    this.json = json;
    this.clock = clock;
  }

  /** What became of a chat request. */
  public sealed interface Outcome {

    /** Not answered, with the status and reason the caller gets. */
    record Refused(Refusal refusal) implements Outcome {}

    /** Published; its answer events follow. */
    record Answering(ChatRequested request, Flux<Relayed> events) implements Outcome {}
  }

  /**
   * Handles {@code POST /api/rag/chat}.
   *
   * @param token the bearer token, or {@code null}
   * @param body the raw request body
   */
  public Mono<Outcome> chat(String token, byte[] body) {
    // 1. authenticate the API key
    var caller = keys.authenticate(token);
    if (caller.isEmpty()) {
      return refuse(
          new Refusal(
              401,
              "unauthorized",
              token == null
                  ? "missing API key: send Authorization: Bearer <api key>"
                  : "unknown API key"));
    }
    // 2. read the body
    ChatBody chat;
    try {
      chat = ChatBody.parse(body, json);
    } catch (ChatBody.Invalid invalid) {
      return refuse(invalid.refusal());
    }
    // 3. the caller must own the sensor: it becomes the only tenant filter retrieval applies (S1.6)
    if (!caller.get().owns(chat.sensorUuid())) {
      return refuse(
          new Refusal(
              403,
              "forbidden_sensor",
              "this API key may not use sensor " + chat.sensorUuid(),
              "sensor_uuid"));
    }
    // and may use the pipeline it names (else its default): retrieval searches only its KBs
    String pipeline = chat.pipeline() == null ? caller.get().pipelines().get(0) : chat.pipeline();
    if (!caller.get().mayUse(pipeline)) {
      return refuse(
          new Refusal(
              403,
              "forbidden_pipeline",
              "this API key may not use pipeline " + pipeline,
              "pipeline"));
    }
    // 4. guardrails, in order: input length, then prompt injection (S0.2), off the event loop
    String user = caller.get().owner();
    return Mono.fromCallable(() -> guardrails.check(chat.message()))
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(
            refusal ->
                refusal.isPresent() ? refuse(refusal.get()) : answerable(chat, pipeline, user));
  }

  /** Step 5, then 6 and 7. */
  private Mono<Outcome> answerable(ChatBody chat, String pipeline, String user) {
    // 5. someone must be there to answer: else 503 now, not a timeout later
    return sessions
        .unavailable()
        .map(missing -> (Outcome) new Outcome.Refused(missing))
        .switchIfEmpty(Mono.defer(() -> converse(chat, pipeline, user)));
  }

  /** Step 6, then 7. */
  private Mono<Outcome> converse(ChatBody chat, String pipeline, String user) {
    // 6. the conversation: one the caller started with this sensor, else 404; or a new one (S0.7)
    if (chat.conversationId() == null) {
      return publish(chat, pipeline, user, conversations.open(user, chat.sensorUuid()));
    }
    return conversations
        .owned(chat.conversationId(), user, chat.sensorUuid())
        .flatMap(owned -> publish(chat, pipeline, user, null))
        .switchIfEmpty(
            refuse(
                new Refusal(
                    404,
                    "conversation_not_found",
                    "you have no conversation "
                        + chat.conversationId()
                        + " with this sensor; send no conversation_id to start one",
                    "conversation_id")));
  }

  /** Step 7: publishes the request (and the new conversation, if any) and opens its answer. */
  private Mono<Outcome> publish(
      ChatBody chat, String pipeline, String user, ConversationStarted started) {
    var request =
        ChatRequested.newBuilder()
            .setRequestId(sessions.newRequestId())
            .setConversationId(
                started == null ? chat.conversationId() : started.getConversationId())
            .setUserId(user)
            .setSensorUuid(chat.sensorUuid())
            .setPipeline(pipeline)
            .setMessage(chat.message().strip())
            .setLanguage(Language.detect(chat.message()))
            .setMode(chat.mode())
            .setRequestedAt(clock.instant())
            .setNewConversation(started != null)
            .build();
    return sessions
        .start(request, started == null ? null : () -> conversations.publish(started))
        .map(events -> (Outcome) new Outcome.Answering(request, events))
        .onErrorResume(
            io.streamrag.gateway.web.Refused.class, refused -> refuse(refused.refusal()));
  }

  private static Mono<Outcome> refuse(Refusal refusal) {
    return Mono.just(new Outcome.Refused(refusal));
  }
}
