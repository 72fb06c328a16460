package io.streamrag.gateway.conversation;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.ConversationAction;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import io.streamrag.schemas.chat.ConversationStarted;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/conversations/{id}} lists a conversation's turns; {@code DELETE} erases them (the
 * conversation stays the caller's, and its next answer remembers nothing). Only the key and sensor
 * that started it may: to anyone else it is 404, whether it exists or not. The turns live with
 * llm-service, asked over Kafka.
 */
public final class ConversationHandler {

  private final ConversationOwners owners;
  private final RequestClient<ConversationAnswered> memory;
  private final Duration timeout;
  private final Clock clock;

  public ConversationHandler(
      ConversationOwners owners,
      RequestClient<ConversationAnswered> memory,
      Duration timeout,
      Clock clock) {
    this.owners = owners;
    this.memory = memory;
    this.timeout = timeout;
    this.clock = clock;
  }

  public Mono<ServerResponse> list(ServerRequest request) {
    return handle(request, ConversationAction.LIST);
  }

  public Mono<ServerResponse> erase(ServerRequest request) {
    return handle(request, ConversationAction.ERASE);
  }

  private Mono<ServerResponse> handle(ServerRequest request, ConversationAction action) {
    var who = Authenticated.of(request);
    var caller = who.caller();
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(who.token()));
    }
    String id = request.pathVariable("id");
    return owners
        .owned(id, caller.get())
        .flatMap(conversation -> ask(conversation, caller.get(), action))
        .switchIfEmpty(
            Refusals.respond(404, "conversation_not_found", "you have no conversation " + id));
  }

  private Mono<ServerResponse> ask(
      ConversationStarted conversation, Caller caller, ConversationAction action) {
    var call =
        ConversationRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setConversationId(conversation.getConversationId())
            .setUserId(caller.owner())
            .setSensorUuid(conversation.getSensorUuid())
            .setAction(action)
            .setRequestedAt(clock.instant())
            .build();
    return OffLoop.call(() -> memory.call(call.getCallId(), call, timeout))
        .flatMap(reply -> respond(conversation, action, reply))
        .onErrorResume(
            RequestClient.CallFailed.class,
            e ->
                Refusals.respond(
                    503,
                    "memory_unavailable",
                    "conversation memory did not answer in time; try again shortly"));
  }

  private Mono<ServerResponse> respond(
      ConversationStarted conversation, ConversationAction action, ConversationAnswered reply) {
    if (reply.getError() != null) {
      return Refusals.respond(503, "memory_unavailable", reply.getError());
    }
    var body = new LinkedHashMap<String, Object>();
    body.put("conversation_id", conversation.getConversationId());
    body.put("sensor_uuid", conversation.getSensorUuid());
    body.put("started_at", conversation.getStartedAt().toString());
    if (action == ConversationAction.ERASE) {
      body.put("erased", reply.getErased());
    } else {
      body.put("turns", reply.getTurns().stream().map(ConversationHandler::turn).toList());
    }
    return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
  }

  private static Map<String, Object> turn(RememberedTurn t) {
    var turn = new LinkedHashMap<String, Object>();
    turn.put("request_id", t.getRequestId());
    turn.put("question", t.getQuestion());
    if (t.getQuery() != null) {
      turn.put("query", t.getQuery());
    }
    turn.put("answer", t.getAnswer());
    turn.put("language", t.getLanguage());
    turn.put("kbs", t.getKbs());
    turn.put("citations", t.getCitations().stream().map(ConversationHandler::citation).toList());
    turn.put("provider", t.getProvider());
    turn.put("model", t.getModel());
    turn.put(
        "usage",
        Map.of("prompt_tokens", t.getPromptTokens(), "completion_tokens", t.getCompletionTokens()));
    turn.put("asked_at", t.getAskedAt().toString());
    turn.put("answered_at", t.getAnsweredAt().toString());
    turn.put("first_token_ms", t.getFirstTokenMs());
    turn.put("total_ms", t.getTotalMs());
    return turn;
  }

  private static Map<String, Object> citation(Citation c) {
    return Map.of(
        "index", c.getIndex(), "source", c.getSource(), "kb", c.getKb(), "score", c.getScore());
  }
}
