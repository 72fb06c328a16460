package io.streamrag.gateway.openai;

import io.streamrag.gateway.web.Refusals;
import io.streamrag.kit.guard.Refusal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * Refusals as OpenAI answers them, so its clients raise their usual errors: the status, and {@code
 * {"error": {message, type, param, code}}}. The codes are the gateway's own (e.g. {@code
 * forbidden_sensor}, {@code prompt_injection}), but for OpenAI's {@code invalid_api_key} and {@code
 * model_not_found}; {@code param} names the field at fault.
 */
public final class OpenAiErrors {

  private OpenAiErrors() {}

  static Mono<ServerResponse> respond(Refusal refusal) {
    return ServerResponse.status(refusal.status())
        .contentType(MediaType.APPLICATION_JSON)
        .headers(headers -> Refusals.retryAfter(refusal, headers))
        .bodyValue(body(refusal));
  }

  /** {@code {"error": {...}}}. */
  public static Map<String, Object> body(Refusal refusal) {
    var error = new LinkedHashMap<String, Object>();
    error.put("message", refusal.message());
    error.put("type", type(refusal.status()));
    error.put("param", param(refusal.field()));
    error.put("code", refusal.status() == 401 ? "invalid_api_key" : refusal.code());
    return Map.of("error", error);
  }

  /** The error of an answer that failed once it had begun (an {@code error} answer event). */
  static Map<String, Object> body(String code, String message) {
    return body(new Refusal(status(code), code, message));
  }

  /** The status a non-streamed answer that failed with this code gets. */
  static int status(String code) {
    return switch (code) {
      case "provider_failed" -> 502;
      case "pipeline_unavailable", "unavailable", "generation_restarted" -> 503;
      case "timeout" -> 504;
      case "cancelled" -> 499;
      default -> 400; // llm-service's own refusals: injection, length
    };
  }

  private static String type(int status) {
    return switch (status) {
      case 403 -> "permission_error";
      case 429 -> "rate_limit_error";
      default -> status >= 500 || status == 499 ? "server_error" : "invalid_request_error";
    };
  }

  private static String param(String field) {
    if (field == null) {
      return null;
    }
    return switch (field) {
      case "message" -> "messages";
      case "pipeline" -> "model";
      default -> field;
    };
  }
}
