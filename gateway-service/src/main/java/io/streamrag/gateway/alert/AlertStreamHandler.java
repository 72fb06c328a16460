package io.streamrag.gateway.alert;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.relay.StreamCaps;
import io.streamrag.gateway.relay.TopicFanOut;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.schemas.advice.RecommendationIssued;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /api/sensors/{uuid}/events}: the alerts of one sensor, for its owner only, as a {@code
 * text/event-stream} of {@code alert} events ({@code id:} the alert id, data {@link AlertJson}). A
 * {@code subscribed} comment first says the subscription is live; a comment every keep-alive keeps
 * idle connections and proxies open. Every replica relays every alert ({@link TopicFanOut}), so a
 * client may be connected to any. A key holds at most {@code gateway.alerts.max-streams-per-key}
 * streams on a replica (one more is {@code 429}), and a stream that carried no alert for {@code
 * gateway.alerts.idle-timeout} ends with an {@code idle} event (an {@code EventSource} reconnects).
 */
final class AlertStreamHandler {

  private static final Logger log = LoggerFactory.getLogger(AlertStreamHandler.class);

  private final TopicFanOut<RecommendationIssued> alerts;
  private final JsonMapper json;
  private final Duration keepAlive;
  private final Duration idleTimeout;
  private final StreamCaps caps;

  AlertStreamHandler(
      TopicFanOut<RecommendationIssued> alerts,
      JsonMapper json,
      Duration keepAlive,
      Duration idleTimeout,
      StreamCaps caps) {
    this.alerts = alerts;
    this.json = json;
    this.keepAlive = keepAlive;
    this.idleTimeout = idleTimeout;
    this.caps = caps;
  }

  Mono<ServerResponse> events(ServerRequest request) {
    // 1. a known API key (authenticated once, by the filter)
    var who = Authenticated.of(request);
    var caller = who.caller();
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(who.token()));
    }
    // 2. only the sensor's owner may follow it
    String sensor = request.pathVariable("uuid").toLowerCase();
    if (!caller.get().owns(sensor)) {
      return Refusals.respond(Refusals.forbiddenSensor(sensor));
    }
    // 3. within the key's share of streams
    String owner = caller.get().owner();
    if (!caps.tryOpen(owner)) {
      return Refusals.respond(
          429,
          "too_many_streams",
          "this API key has "
              + caps.perKey()
              + " alert streams open; close one (one stream can follow one sensor)");
    }
    // 4. subscribe now, so no alert published from here on is missed, then stream
    Flux<RecommendationIssued> subscription = alerts.open(sensor);
    return ServerResponse.ok()
        .contentType(MediaType.TEXT_EVENT_STREAM)
        .header(HttpHeaders.CACHE_CONTROL, "no-cache")
        .header("X-Accel-Buffering", "no")
        .body(
            BodyInserters.fromServerSentEvents(
                stream(subscription).doFinally(signal -> caps.close(owner))));
  }

  private Flux<ServerSentEvent<String>> stream(Flux<RecommendationIssued> subscription) {
    Flux<ServerSentEvent<String>> events =
        subscription.handle(
            (alert, sink) -> {
              try {
                sink.next(
                    ServerSentEvent.builder(AlertJson.of(alert, json))
                        .event("alert")
                        .id(alert.getAlertId())
                        .build());
              } catch (AlertJson.Unreadable e) {
                log.warn("alert not streamed: {}", e.getMessage());
              }
            });
    // no alert for idleTimeout: an idle event, and the stream (with its heartbeats) ends
    Flux<ServerSentEvent<String>> untilIdle =
        events.timeout(idleTimeout).onErrorResume(TimeoutException.class, e -> Mono.just(idle()));
    Flux<ServerSentEvent<String>> heartbeats =
        Flux.interval(keepAlive).map(i -> comment("keep-alive"));
    // the idle event is the last: a heartbeat that ticked while the merge was emitting it would
    // otherwise follow it before the alerts' completion stops the heartbeats (seen under load)
    return Flux.concat(
        Mono.just(comment("subscribed")),
        untilIdle
            .publish(
                alertsOnly -> Flux.merge(alertsOnly, heartbeats.takeUntilOther(alertsOnly.then())))
            .takeUntil(event -> "idle".equals(event.event())));
  }

  private ServerSentEvent<String> idle() {
    return ServerSentEvent.builder(
            "{\"code\":\"idle\",\"message\":\"no alert for "
                + idleTimeout.toSeconds()
                + " s: reconnect to follow the sensor again\"}")
        .event("idle")
        .build();
  }

  private static ServerSentEvent<String> comment(String text) {
    return ServerSentEvent.<String>builder().comment(text).build();
  }
}
