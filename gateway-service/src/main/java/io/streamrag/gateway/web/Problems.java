package io.streamrag.gateway.web;

import io.streamrag.kit.guard.Refusal;
import java.util.LinkedHashMap;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * A refusal as every gateway endpoint answers it: its status and {@code {error, field?, message}}.
 */
public final class Problems {

  private Problems() {}

  public static Mono<ServerResponse> of(Refusal refusal) {
    var body = new LinkedHashMap<String, Object>();
    body.put("error", refusal.code());
    if (refusal.field() != null) {
      body.put("field", refusal.field());
    }
    body.put("message", refusal.message());
    var response = ServerResponse.status(refusal.status()).contentType(MediaType.APPLICATION_JSON);
    if (refusal.status() == 401) {
      response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    }
    return response.bodyValue(body);
  }

  public static Mono<ServerResponse> of(int status, String code, String message) {
    return of(new Refusal(status, code, message));
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
