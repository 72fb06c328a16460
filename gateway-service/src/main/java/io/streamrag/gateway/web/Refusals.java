package io.streamrag.gateway.web;

import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.web.Problems;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * A refusal as every gateway endpoint answers it: its status and a problem detail {@code {error,
 * field?, message}} ({@link Problems}).
 */
public final class Refusals {

  private Refusals() {}

  /**
   * The refusal; one that passes also says when to ask again: {@code Retry-After} and {@code
   * retry_after_seconds}.
   */
  public static Mono<ServerResponse> respond(Refusal refusal) {
    var detail = Problems.of(refusal);
    if (refusal.retryAfter() != null) {
      detail.setProperty("retry_after_seconds", refusal.retryAfterSeconds());
    }
    ResponseEntity<ProblemDetail> problem = Problems.response(detail);
    return ServerResponse.status(problem.getStatusCode())
        .headers(headers -> headers.addAll(problem.getHeaders()))
        .headers(headers -> retryAfter(refusal, headers))
        .bodyValue(problem.getBody());
  }

  /** {@code Retry-After} in whole seconds, for a refusal that passes. */
  public static void retryAfter(Refusal refusal, HttpHeaders headers) {
    if (refusal.retryAfter() != null) {
      headers.set(HttpHeaders.RETRY_AFTER, String.valueOf(refusal.retryAfterSeconds()));
    }
  }

  public static Mono<ServerResponse> respond(int status, String code, String message) {
    return respond(new Refusal(status, code, message));
  }

  /** The 401 of a request without a known key. */
  public static Refusal unauthorized(String token) {
    return new Refusal(
        401,
        "unauthorized",
        token == null
            ? "missing API key: send Authorization: Bearer <api key>"
            : "unknown API key");
  }

  /** The 403 of a sensor the key does not own. */
  public static Refusal forbiddenSensor(String sensorUuid) {
    return new Refusal(
        403, "forbidden_sensor", "this API key may not use sensor " + sensorUuid, "sensor_uuid");
  }
}
