package io.streamrag.gateway;

import io.streamrag.gateway.admission.Admission;
import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.chat.ChatBody;
import io.streamrag.gateway.conversation.ConversationOwners;
import io.streamrag.gateway.relay.AnswerSessions;
import io.streamrag.gateway.relay.Relayed;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.text.Language;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ConversationStarted;
import java.time.Clock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** gateway-service, step by step: admit a chat question, hand it to Kafka, relay its answer. */
public class GatewaySteps {

  private final Admission admission;
  private final AnswerSessions sessions;
  private final ConversationOwners conversations;
  private final JsonMapper json;
  private final Clock clock;

  public GatewaySteps(
      Admission admission,
      AnswerSessions sessions,
      ConversationOwners conversations,
      JsonMapper json,
      Clock clock) {
    this.admission = admission;
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
   * @param who who sent it, as the authentication filter found
   * @param body the raw request body
   */
  public Mono<Outcome> chat(Authenticated who, byte[] body) {
    // 1. a known API key (authenticated once, by the filter)
    var caller = who.caller();
    if (caller.isEmpty()) {
      return refuse(Refusals.unauthorized(who.token()));
    }
    // 2. read the body
    ChatBody chat;
    try {
      chat = ChatBody.parse(body, json);
    } catch (ChatBody.Invalid invalid) {
      return refuse(invalid.refusal());
    }
    // 3. admission: the caller owns the sensor and may use the pipeline (else its default)
    Admission.Scope scope;
    try {
      scope = admission.scope(caller.get(), chat.sensorUuid(), chat.pipeline());
    } catch (Refused refused) {
      return refuse(refused.refusal());
    }
    String pipeline = scope.pipeline();
    String user = scope.owner();
    // 4. and its guardrails, in order: input length, then prompt injection (S0.2), off the event
    // loop
    return OffLoop.call(() -> admission.screenQuestion(chat.message()))
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
