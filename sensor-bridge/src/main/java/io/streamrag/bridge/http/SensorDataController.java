package io.streamrag.bridge.http;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.bridge.BridgeSteps;
import io.streamrag.bridge.BridgeSteps.Kind;
import io.streamrag.bridge.BridgeSteps.Outcome;
import io.streamrag.bridge.auth.Credentials;
import io.streamrag.bridge.validate.InvalidReading;
import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.web.Problems;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * A sensor's data over HTTP: readings from firmware, its profile and its forecast. Answers once the
 * broker has the record (or the reject), without blocking the event loop.
 */
@RestController
class SensorDataController {

  private final BridgeSteps steps;
  private final int maxPayloadBytes;

  SensorDataController(BridgeSteps steps, BridgeProperties properties) {
    this.steps = steps;
    this.maxPayloadBytes = properties.maxPayloadBytes();
  }

  @PostMapping("/api/sensors/{sensorUuid}/readings")
  Mono<ResponseEntity<?>> reading(@PathVariable String sensorUuid, ServerHttpRequest request) {
    return handle(Kind.READING, sensorUuid, request);
  }

  @PutMapping("/api/sensors/{sensorUuid}/profile")
  Mono<ResponseEntity<?>> profile(@PathVariable String sensorUuid, ServerHttpRequest request) {
    return handle(Kind.PROFILE, sensorUuid, request);
  }

  @PutMapping("/api/sensors/{sensorUuid}/forecast")
  Mono<ResponseEntity<?>> forecast(@PathVariable String sensorUuid, ServerHttpRequest request) {
    return handle(Kind.FORECAST, sensorUuid, request);
  }

  @GetMapping("/")
  Map<String, Object> about() {
    return Map.of(
        "service", "sensor-bridge",
        "readings",
            "POST /api/sensors/{sensor_uuid}/readings, or MQTT sensors/{sensor_uuid}/readings",
        "profile", "PUT /api/sensors/{sensor_uuid}/profile",
        "forecast", "PUT /api/sensors/{sensor_uuid}/forecast",
        "stations",
            "PUT /api/stations/{id} (admin); POST /api/stations/{id}/observations, or MQTT"
                + " stations/{id}/observations; GET /api/stations/{id}/days?from&to");
  }

  private Mono<ResponseEntity<?>> handle(Kind kind, String sensorUuid, ServerHttpRequest request) {
    var credentials =
        new Credentials.BearerToken(
            Bearer.token(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION)));
    // reading stops past the limit: a larger body is refused unread, never kept whole
    return BoundedBody.read(request.getBody(), maxPayloadBytes)
        // handle runs with the HTTP request's observation current: the record joins its trace
        .<CompletableFuture<Outcome>>handle(
            (body, sink) ->
                sink.next(
                    body.complete()
                        ? steps.handle(kind, "http", credentials, sensorUuid, body.bytes())
                        : steps.refuseOversized(
                            kind, "http", credentials, sensorUuid, body.bytes())))
        .flatMap(Mono::fromFuture)
        .map(SensorDataController::response);
  }

  static ResponseEntity<?> response(Outcome outcome) {
    if (outcome instanceof Outcome.Accepted accepted) {
      var body = new LinkedHashMap<String, Object>();
      body.put("status", "accepted");
      boolean event = accepted.kind() == Kind.READING || accepted.kind() == Kind.OBSERVATION;
      body.put(event ? "event_id" : "sensor_uuid", accepted.id());
      return ResponseEntity.accepted().body(body);
    }
    InvalidReading why = ((Outcome.Rejected) outcome).reason();
    return Problems.response(
        Problems.of(
            why.reason().status(),
            why.reason().code(),
            why.getMessage(),
            Problems.field(why.field())));
  }
}
