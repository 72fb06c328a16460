package io.streamrag.bridge.admin;

import io.streamrag.bridge.reject.RejectReplay;
import io.streamrag.kit.web.UnreadableJson;
import io.streamrag.schemas.sensor.ReadingRejected;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.function.Predicate;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /admin/rejects/replay} with {@code {since, reason_code?, sensor_uuid?, kind?,
 * station_id?}}, behind the admin token: sends the refused payloads kept since then through the
 * bridge again, once the cause is fixed, and answers how many were read and what became of them.
 */
@RestController
class RejectAdminController {

  private final RejectReplay replay;
  private final JsonMapper json;

  RejectAdminController(RejectReplay replay, JsonMapper json) {
    this.replay = replay;
    this.json = json;
  }

  @PostMapping("/admin/rejects/replay")
  Mono<ResponseEntity<?>> replay(@RequestBody(required = false) byte[] body) {
    JsonNode root = UnreadableJson.read(json, body, Malformed::new);
    if (root == null || !root.path("since").isString()) {
      return Mono.just(
          bad(
              "since",
              "body must be {\"since\": \"<ISO-8601 instant>\", \"reason_code\"?,"
                  + " \"sensor_uuid\"?, \"kind\"?, \"station_id\"?}"));
    }
    Instant since;
    try {
      since = Instant.parse(root.get("since").asString());
    } catch (DateTimeParseException e) {
      return Mono.just(
          bad("since", "since must be an ISO-8601 instant such as 2026-11-30T08:00:00Z"));
    }
    Predicate<ReadingRejected> match =
        equal(root, "reason_code", ReadingRejected::getReasonCode)
            .and(equal(root, "sensor_uuid", ReadingRejected::getSensorUuid))
            .and(equal(root, "kind", ReadingRejected::getKind))
            .and(equal(root, "station_id", ReadingRejected::getStationId));
    return Mono.fromCallable(() -> replay.replay(since, match))
        .subscribeOn(Schedulers.boundedElastic())
        .map(
            s ->
                ResponseEntity.ok(
                    Map.<String, Object>of(
                        "read", s.read(), "matched", s.matched(), "outcomes", s.outcomes())));
  }

  private static Predicate<ReadingRejected> equal(
      JsonNode root, String field, java.util.function.Function<ReadingRejected, String> value) {
    JsonNode wanted = root.get(field);
    if (wanted == null || wanted.isNull()) {
      return r -> true;
    }
    String text = wanted.asString();
    return r -> text.equals(value.apply(r));
  }

  private static ResponseEntity<ProblemDetail> bad(String field, String message) {
    return new Malformed(field, message).response();
  }
}
