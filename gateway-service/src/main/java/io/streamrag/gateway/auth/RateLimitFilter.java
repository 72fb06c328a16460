package io.streamrag.gateway.auth;

import io.streamrag.gateway.openai.OpenAiErrors;
import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.web.Problems;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.result.view.ViewResolver;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Applies {@link RateLimits} to every request that carries a known key, whatever its endpoint: over
 * the limit it is {@code 429} with {@code Retry-After} (whole seconds) and a problem detail {@code
 * rate_limited} (in OpenAI's error shape under {@code /v1/}). A request without a key, or with an
 * unknown one, goes on to its endpoint, which answers {@code 401}; the actuator is never limited.
 */
final class RateLimitFilter implements WebFilter {

  private final ApiKeys keys;
  private final RateLimits limits;
  private final ServerResponse.Context context;

  RateLimitFilter(ApiKeys keys, RateLimits limits, List<HttpMessageWriter<?>> writers) {
    this.keys = keys;
    this.limits = limits;
    this.context =
        new ServerResponse.Context() {
          @Override
          public List<HttpMessageWriter<?>> messageWriters() {
            return writers;
          }

          @Override
          public List<ViewResolver> viewResolvers() {
            return List.of();
          }
        };
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    var request = exchange.getRequest();
    String token = Bearer.token(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
    if (token == null || request.getPath().value().startsWith("/actuator")) {
      return chain.filter(exchange);
    }
    var caller = keys.authenticate(token);
    if (caller.isEmpty()) {
      return chain.filter(exchange);
    }
    Duration wait = limits.acquire(caller.get());
    if (wait.isZero()) {
      return chain.filter(exchange);
    }
    boolean openAi = request.getPath().value().startsWith("/v1/");
    return tooMany(limits.limit(caller.get()), seconds(wait), openAi)
        .flatMap(response -> response.writeTo(exchange, context));
  }

  private static Mono<ServerResponse> tooMany(int limit, long retryAfter, boolean openAi) {
    String message =
        "this API key may make " + limit + " requests a minute; try again in " + retryAfter + " s";
    if (openAi) {
      return ServerResponse.status(429)
          .contentType(MediaType.APPLICATION_JSON)
          .header(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfter))
          .bodyValue(OpenAiErrors.body(new Refusal(429, "rate_limited", message)));
    }
    var problem =
        Problems.of(429, "rate_limited", message, Map.of("retry_after_seconds", retryAfter));
    var response = Problems.response(problem);
    return ServerResponse.status(response.getStatusCode())
        .headers(headers -> headers.addAll(response.getHeaders()))
        .header(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfter))
        .bodyValue(response.getBody());
  }

  /** Whole seconds, rounded up: a client that waits that long is admitted. */
  static long seconds(Duration wait) {
    return Math.max(1, (wait.toNanos() + 999_999_999L) / 1_000_000_000L);
  }
}
