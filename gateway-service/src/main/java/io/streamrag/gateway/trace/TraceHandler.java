package io.streamrag.gateway.trace;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.schemas.chat.ConversationAction;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/chats/{request_id}/trace}: the retrieval path of an answer (S3.6): each plan,
 * search, rewrite, acceptance and rejection with its reason. Only the key that asked gets it; to
 * any other it is 404. The traces live with llm-service, asked over Kafka.
 */
public final class TraceHandler {

  private final RequestClient<ConversationAnswered> memory;
  private final Duration timeout;
  private final Clock clock;

  public TraceHandler(RequestClient<ConversationAnswered> memory, Duration timeout, Clock clock) {
    this.memory = memory;
    this.timeout = timeout;
    this.clock = clock;
  }

  public Mono<ServerResponse> trace(ServerRequest request) {
    var who = Authenticated.of(request);
    var caller = who.caller();
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(who.token()));
    }
    String requestId = request.pathVariable("id");
    var call =
        ConversationRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setConversationId("")
            .setUserId(caller.get().owner())
            .setSensorUuid("")
            .setAction(ConversationAction.TRACE)
            .setRequestId(requestId)
            .setRequestedAt(clock.instant())
            .build();
    return OffLoop.call(() -> memory.call(call.getCallId(), call, timeout))
        .flatMap(
            reply -> {
              if (reply.getError() != null) {
                return Refusals.respond(503, "memory_unavailable", reply.getError());
              }
              if (!reply.getFound()) {
                return Refusals.respond(404, "trace_not_found", "you asked no answer " + requestId);
              }
              var body = new LinkedHashMap<String, Object>();
              body.put("request_id", requestId);
              body.put("steps", reply.getTrace().stream().map(TraceStepJson::of).toList());
              return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
            })
        .onErrorResume(
            RequestClient.CallFailed.class,
            e ->
                Refusals.respond(
                    503, "memory_unavailable", "traces did not answer in time; try again shortly"));
  }
}
