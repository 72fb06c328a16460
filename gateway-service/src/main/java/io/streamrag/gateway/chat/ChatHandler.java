package io.streamrag.gateway.chat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.GatewaySteps;
import io.streamrag.gateway.GatewaySteps.Outcome;
import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.relay.Relayed;
import io.streamrag.gateway.relay.Resumptions;
import io.streamrag.gateway.relay.SseBody;
import io.streamrag.gateway.relay.SseStreams;
import io.streamrag.gateway.relay.StreamLedger;
import io.streamrag.gateway.web.Bodies;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.gateway.web.Refused;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP around the pipeline: refusals become a status with a problem-detail body; an answer becomes
 * a {@code text/event-stream} of named events {@code meta}, {@code token}, {@code citation}, {@code
 * done} and {@code error}, with an {@code error} event (never a hang) when the answer is late, and
 * a {@code reset} when the answer restarts because the instance writing it died (what was shown of
 * it is to be forgotten; the answer follows from its start). Each event's id is {@code <request
 * id>:<seq>} ({@link io.streamrag.gateway.relay.EventIds}): a client that lost the connection
 * re-sends its request with {@code Last-Event-ID} and gets the rest, from any replica ({@link
 * Resumptions}).
 */
public final class ChatHandler {

  /** The timer of the wait from a question's admission to its answer's first token. */
  public static final String FIRST_TOKEN = "gateway.chat.first.token";

  private static final String LAST_EVENT_ID = "Last-Event-ID";

  private final GatewaySteps steps;
  private final Resumptions resumptions;
  private final StreamLedger ledger;
  private final GatewayProperties.Chat limits;
  private final Timer firstToken;
  private final JsonMapper json;

  public ChatHandler(
      GatewaySteps steps,
      Resumptions resumptions,
      StreamLedger ledger,
      GatewayProperties.Chat limits,
      MeterRegistry meters,
      JsonMapper json) {
    this.steps = steps;
    this.json = json;
    this.resumptions = resumptions;
    this.ledger = ledger;
    this.limits = limits;
    this.firstToken =
        Timer.builder(FIRST_TOKEN)
            .description("From a chat question being admitted to its answer's first token")
            .register(meters);
  }

  public Mono<ServerResponse> chat(ServerRequest request) {
    var who = Authenticated.of(request);
    String lastEventId = request.headers().firstHeader(LAST_EVENT_ID);
    if (lastEventId != null) {
      // a client coming back: the rest of its stream, the question is not asked again
      return resumptions
          .resume(who, lastEventId)
          .flatMap(this::respond)
          .onErrorResume(Refused.class, refused -> Refusals.respond(refused.refusal()));
    }
    return Bodies.read(request, limits.maxBodyBytes())
        .flatMap(body -> steps.chat(who, body))
        .onErrorResume(Refused.class, refused -> Mono.just(new Outcome.Refused(refused.refusal())))
        .flatMap(this::respond);
  }

  /**
   * {@code DELETE /api/rag/chat/{request_id}}: stops an answer of the caller's now; its stream ends
   * with an {@code error} event {@code cancelled}. {@code 202}; another key's or an unknown stream
   * is {@code 404}.
   */
  public Mono<ServerResponse> cancel(ServerRequest request) {
    return resumptions
        .cancel(Authenticated.of(request), request.pathVariable("requestId"))
        .flatMap(
            stream ->
                ServerResponse.accepted()
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(Map.of("request_id", stream.requestId(), "status", "cancelling")))
        .onErrorResume(Refused.class, refused -> Refusals.respond(refused.refusal()));
  }

  private Mono<ServerResponse> respond(Outcome outcome) {
    if (outcome instanceof Outcome.Refused refused) {
      return Refusals.respond(refused.refusal());
    }
    var answering = (Outcome.Answering) outcome;
    var request = answering.request();
    return respond(
        request.getRequestId(),
        request.getConversationId(),
        stream(
            request.getRequestId(),
            request.getConversationId(),
            answering.events().doOnNext(timeToFirstToken(request)),
            request.getUserId()));
  }

  private Mono<ServerResponse> respond(Resumptions.Resumed resumed) {
    var stream = resumed.stream();
    return respond(
        stream.requestId(),
        stream.conversationId(),
        stream(stream.requestId(), stream.conversationId(), resumed.events(), stream.userId()));
  }

  private Mono<ServerResponse> respond(
      String requestId, String conversationId, Flux<List<ServerSentEvent<Object>>> stream) {
    return ServerResponse.ok()
        .contentType(MediaType.TEXT_EVENT_STREAM)
        .headers(
            headers -> {
              headers.set("X-Request-Id", requestId);
              if (conversationId != null) {
                headers.set("X-Conversation-Id", conversationId);
              }
            })
        .body(SseBody.of(stream, json));
  }

  /**
   * The answer's events as SSE (those the client already has left out); a client that leaves before
   * the end has its answer cancelled unless it comes back in time.
   */
  private Flux<List<ServerSentEvent<Object>>> stream(
      String requestId, String conversationId, Flux<Relayed> events, String user) {
    Flux<List<ServerSentEvent<Object>>> answer =
        events
            .takeUntil(Relayed::ends)
            .timeout(Mono.delay(limits.answerTimeout()), e -> Mono.delay(limits.idleTimeout()))
            .map(e -> AnswerSse.of(requestId, conversationId, e))
            .onErrorResume(
                TimeoutException.class,
                e ->
                    // nobody waits for it any more: the model call stops now, not at its end
                    OffLoop.future(() -> ledger.cancel(requestId, user))
                        .onErrorResume(failed -> Mono.empty())
                        .thenMany(
                            Flux.just(
                                List.of(
                                    error(
                                        "timeout",
                                        "no answer arrived in time ("
                                            + seconds(limits.answerTimeout())
                                            + " s for the first part, "
                                            + seconds(limits.idleTimeout())
                                            + " s between parts); please try again")))));
    Instant connectedAt = Instant.now();
    return SseStreams.live(
        answer, limits.keepAlive(), () -> ledger.left(requestId, user, connectedAt));
  }

  private Consumer<Relayed> timeToFirstToken(ChatRequested request) {
    var seen = new AtomicBoolean();
    return e -> {
      if (e instanceof Relayed.Event event
          && event.event().getType() == AnswerEventType.TOKEN
          && seen.compareAndSet(false, true)) {
        firstToken.record(Duration.between(request.getRequestedAt(), Instant.now()));
      }
    };
  }

  private static ServerSentEvent<Object> error(String code, String message) {
    return ServerSentEvent.builder((Object) Map.of("code", code, "message", message))
        .event("error")
        .build();
  }

  private static long seconds(Duration d) {
    return d.toSeconds();
  }
}
