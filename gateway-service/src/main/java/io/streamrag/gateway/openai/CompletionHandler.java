package io.streamrag.gateway.openai;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.relay.Relayed;
import io.streamrag.gateway.relay.Resumptions;
import io.streamrag.gateway.relay.SseBody;
import io.streamrag.gateway.relay.SseStreams;
import io.streamrag.gateway.relay.StreamLedger;
import io.streamrag.gateway.web.Bodies;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refused;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * HTTP around {@link CompletionSteps}: refusals in OpenAI's error shape; {@code stream: true} as
 * chunks ({@link ChunkStream}), kept alive by comments, resumable with {@code Last-Event-ID} and
 * cancelled when the client leaves; otherwise one {@code chat.completion} ({@link Completion}).
 */
final class CompletionHandler {

  private static final String LAST_EVENT_ID = "Last-Event-ID";

  private final CompletionSteps steps;
  private final Resumptions resumptions;
  private final StreamLedger ledger;
  private final GatewayProperties.Chat limits;
  private final int maxBodyBytes;
  private final JsonMapper json;

  CompletionHandler(
      CompletionSteps steps,
      Resumptions resumptions,
      StreamLedger ledger,
      GatewayProperties.Chat limits,
      int maxBodyBytes,
      JsonMapper json) {
    this.steps = steps;
    this.resumptions = resumptions;
    this.ledger = ledger;
    this.limits = limits;
    this.maxBodyBytes = maxBodyBytes;
    this.json = json;
  }

  Mono<ServerResponse> completions(ServerRequest request) {
    var who = Authenticated.of(request);
    String lastEventId = request.headers().firstHeader(LAST_EVENT_ID);
    Mono<ServerResponse> response =
        lastEventId != null
            // a client coming back: the rest of its stream, the question is not asked again
            ? resumptions.resume(who, lastEventId).flatMap(this::resumed)
            : Bodies.read(request, maxBodyBytes)
                .flatMap(body -> steps.admit(who, body))
                .flatMap(this::answer);
    return response.onErrorResume(Refused.class, r -> OpenAiErrors.respond(r.refusal()));
  }

  private Mono<ServerResponse> answer(CompletionSteps.Admitted admitted) {
    var request = admitted.request();
    String id = request.getRequestId();
    Flux<Relayed> events = bounded(admitted.events());
    if (!admitted.body().stream()) {
      var completion = new Completion(id, request.getPipeline(), request.getRequestedAt());
      return events
          .reduce(completion, Completion::add)
          .map(Completion::body)
          .onErrorResume(
              TimeoutException.class,
              e -> stopped(id, request.getUserId()).then(Mono.error(late())))
          .doOnCancel(() -> ledger.left(id, request.getUserId(), request.getRequestedAt()))
          .flatMap(
              body ->
                  ServerResponse.ok()
                      .contentType(MediaType.APPLICATION_JSON)
                      .header("X-Request-Id", id)
                      .bodyValue(body));
    }
    var chunks =
        new ChunkStream(
            id,
            request.getPipeline(),
            request.getRequestedAt(),
            admitted.body().includeUsage(),
            false,
            json);
    return stream(id, request.getUserId(), events, chunks);
  }

  private Mono<ServerResponse> resumed(Resumptions.Resumed resumed) {
    var s = resumed.stream();
    var chunks = new ChunkStream(s.requestId(), s.pipeline(), s.askedAt(), false, true, json);
    return stream(s.requestId(), s.userId(), bounded(resumed.events()), chunks);
  }

  private Mono<ServerResponse> stream(
      String id, String user, Flux<Relayed> events, ChunkStream chunks) {
    Instant connectedAt = Instant.now();
    Flux<List<ServerSentEvent<String>>> out =
        events
            .map(chunks::of)
            .takeUntil(group -> chunks.restarted())
            // the stream ended on a restart: nobody reads the new generation, its model call stops
            .concatWith(
                Flux.defer(
                    () ->
                        chunks.restarted()
                            ? stopped(id, user).thenMany(Flux.empty())
                            : Flux.empty()))
            .onErrorResume(
                TimeoutException.class,
                e ->
                    stopped(id, user)
                        .thenMany(
                            Flux.just(List.of(chunks.error("timeout", late().getMessage())))));
    return ServerResponse.ok()
        .contentType(MediaType.TEXT_EVENT_STREAM)
        .header("X-Request-Id", id)
        .body(
            SseBody.of(
                SseStreams.live(out, limits.keepAlive(), () -> ledger.left(id, user, connectedAt)),
                json));
  }

  /** A late answer is cancelled: nobody waits for it any more, and its model call stops now. */
  private Mono<Void> stopped(String id, String user) {
    return OffLoop.future(() -> ledger.cancel(id, user)).onErrorResume(e -> Mono.empty());
  }

  /** The answer up to its last event, within the chat timeouts. */
  private Flux<Relayed> bounded(Flux<Relayed> events) {
    return events
        .takeUntil(Relayed::ends)
        .timeout(Mono.delay(limits.answerTimeout()), e -> Mono.delay(limits.idleTimeout()));
  }

  private Refused late() {
    return new Refused(
        504,
        "timeout",
        "no answer arrived in time ("
            + seconds(limits.answerTimeout())
            + " s for the first part, "
            + seconds(limits.idleTimeout())
            + " s between parts); please try again",
        null);
  }

  private static long seconds(Duration d) {
    return d.toSeconds();
  }
}
