package io.streamrag.gateway.page;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** What the chat page reads besides the chat: the key's identity, and its sensors' snapshots. */
final class PageHandler {

  private final TopicView<SensorSnapshotUpdated> snapshots;

  PageHandler(TopicView<SensorSnapshotUpdated> snapshots) {
    this.snapshots = snapshots;
  }

  /** {@code GET /api/me}: the key's user, sensors (sorted) and pipelines (the default first). */
  Mono<ServerResponse> me(ServerRequest request) {
    // 1. authenticate the API key
    var caller = caller(request);
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(token(request)));
    }
    // 2. what the key may use, nothing more
    var me = new LinkedHashMap<String, Object>();
    me.put("user", caller.get().user());
    me.put("sensors", new TreeSet<>(caller.get().sensors()));
    me.put("pipelines", caller.get().pipelines());
    return ServerResponse.ok().bodyValue(me);
  }

  /** {@code GET /api/sensors/{uuid}/snapshot}: the sensor's newest snapshot, for its owner. */
  Mono<ServerResponse> snapshot(ServerRequest request) {
    // 1. authenticate the API key
    var caller = caller(request);
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(token(request)));
    }
    // 2. only the sensor's owner may read it
    String sensor = request.pathVariable("uuid").toLowerCase(Locale.ROOT);
    if (!caller.get().owns(sensor)) {
      return Refusals.respond(Refusals.forbiddenSensor(sensor));
    }
    // 3. the newest snapshot, or 404 before the first reading
    return snapshots
        .get(sensor)
        .map(s -> ServerResponse.ok().bodyValue(SnapshotJson.of(s)))
        .orElseGet(
            () ->
                Refusals.respond(
                    404, "no_snapshot", "sensor " + sensor + " has published no reading yet"));
  }

  private static Optional<Caller> caller(ServerRequest request) {
    return Authenticated.of(request).caller();
  }

  private static String token(ServerRequest request) {
    return Authenticated.of(request).token();
  }
}
