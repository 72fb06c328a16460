package io.streamrag.kit.web;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The errors no handler answered (a path or method no route takes, a body the framework could not
 * decode, an unexpected failure) in the services' own shape, as every other error: a problem detail
 * ({@code application/problem+json}) with {@code error} and {@code message}, and on {@code /v1/}
 * OpenAI's error object. Before, Spring Boot's default answered them with a shape of its own
 * ({@code timestamp}, {@code path}, …) that no client of this API reads. A failure is logged with
 * its stack; the caller gets its request id, never the stack.
 */
@Order(-2) // before Spring Boot's own error handler
public final class ProblemErrors implements WebExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ProblemErrors.class);

  private final JsonMapper json;

  public ProblemErrors(JsonMapper json) {
    this.json = json;
  }

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
    var response = exchange.getResponse();
    if (response.isCommitted()) {
      return Mono.error(failure);
    }
    HttpStatusCode status =
        failure instanceof ResponseStatusException e
            ? e.getStatusCode()
            : HttpStatus.INTERNAL_SERVER_ERROR;
    var request = exchange.getRequest();
    String route = request.getMethod().name() + " " + request.getPath().value();
    String message = message(status, failure, route, request.getId());
    if (status.is5xxServerError()) {
      log.error("{} failed ({})", route, request.getId(), failure);
    }
    String code = code(status);
    response.setStatusCode(status);
    response.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
    if (failure instanceof MethodNotAllowedException e && !e.getSupportedMethods().isEmpty()) {
      response.getHeaders().setAllow(e.getSupportedMethods());
    }
    Map<String, Object> body = new LinkedHashMap<>();
    if (request.getPath().value().startsWith("/v1/")) {
      response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
      var error = new LinkedHashMap<String, Object>();
      error.put("message", message);
      error.put("type", status.is5xxServerError() ? "server_error" : "invalid_request_error");
      error.put("param", null);
      error.put("code", code);
      body.put("error", error);
    } else {
      response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
      body.put("title", title(status));
      body.put("status", status.value());
      body.put("detail", message);
      body.put("error", code);
      body.put("message", message);
    }
    byte[] bytes = json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
    return response.writeWith(Mono.just(response.bufferFactory().wrap(bytes)));
  }

  private static String message(HttpStatusCode status, Throwable failure, String route, String id) {
    return switch (status.value()) {
      case 404 -> "no such resource: " + route;
      case 405 -> route + " is not allowed here";
      case 500 -> "an unexpected error; the service logged it as request " + id;
      default ->
          failure instanceof ResponseStatusException e && e.getReason() != null
              ? e.getReason()
              : title(status);
    };
  }

  /** The status's reason as a code: {@code not_found}, {@code method_not_allowed}, … */
  private static String code(HttpStatusCode status) {
    return status.value() == 500
        ? "internal_error"
        : title(status).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
  }

  private static String title(HttpStatusCode status) {
    var known = HttpStatus.resolve(status.value());
    return known == null ? "HTTP " + status.value() : known.getReasonPhrase();
  }
}
