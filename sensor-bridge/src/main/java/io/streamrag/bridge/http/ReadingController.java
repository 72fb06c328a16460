package io.streamrag.bridge.http;

import io.streamrag.bridge.BridgePipeline;
import io.streamrag.bridge.BridgePipeline.Outcome;
import io.streamrag.bridge.validate.InvalidReading;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Firmware over HTTP: {@code POST /api/sensors/{sensor_uuid}/readings}. */
@RestController
class ReadingController {

  /** Bodies up to this size are kept on the rejects topic when refused; larger ones are not. */
  static final int KEEP_LIMIT = 64 * 1024;

  private final BridgePipeline pipeline;

  ReadingController(BridgePipeline pipeline) {
    this.pipeline = pipeline;
  }

  @PostMapping("/api/sensors/{sensorUuid}/readings")
  Mono<ResponseEntity<Map<String, Object>>> post(
      @PathVariable String sensorUuid, ServerHttpRequest request) {
    String token = Bearer.token(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
    return DataBufferUtils.join(request.getBody(), KEEP_LIMIT)
        .map(ReadingController::bytes)
        .defaultIfEmpty(new byte[0])
        // The pipeline waits for the broker's acknowledgement: never on the event loop.
        .publishOn(Schedulers.boundedElastic())
        .map(raw -> pipeline.handle("http", token, sensorUuid, raw))
        .onErrorResume(
            DataBufferLimitException.class,
            e ->
                Mono.fromCallable(
                        () -> pipeline.refuseOversized("http", token, sensorUuid, KEEP_LIMIT))
                    .subscribeOn(Schedulers.boundedElastic()))
        .map(ReadingController::response);
  }

  @GetMapping("/")
  Map<String, Object> about() {
    return Map.of(
        "service", "sensor-bridge",
        "readings",
            "POST /api/sensors/{sensor_uuid}/readings with Authorization: Bearer <device token>");
  }

  private static ResponseEntity<Map<String, Object>> response(Outcome outcome) {
    if (outcome instanceof Outcome.Accepted accepted) {
      return ResponseEntity.accepted()
          .body(Map.of("status", "accepted", "event_id", accepted.eventId()));
    }
    InvalidReading why = ((Outcome.Rejected) outcome).reason();
    var body = new LinkedHashMap<String, Object>();
    body.put("error", why.reason().code());
    if (why.field() != null) {
      body.put("field", why.field());
    }
    body.put("message", why.getMessage());
    var response = ResponseEntity.status(why.reason().status());
    if (why.reason() == InvalidReading.Reason.UNAUTHENTICATED) {
      response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    }
    return response.body(body);
  }

  private static byte[] bytes(org.springframework.core.io.buffer.DataBuffer buffer) {
    try {
      byte[] out = new byte[buffer.readableByteCount()];
      buffer.read(out);
      return out;
    } finally {
      DataBufferUtils.release(buffer);
    }
  }
}
