package io.streamrag.gateway.web;

import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.web.Problems;
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

  public static Mono<ServerResponse> respond(Refusal refusal) {
    ResponseEntity<ProblemDetail> problem = Problems.response(Problems.of(refusal));
    return ServerResponse.status(problem.getStatusCode())
        .headers(headers -> headers.addAll(problem.getHeaders()))
        .bodyValue(problem.getBody());
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
