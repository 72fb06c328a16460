package io.streamrag.gateway.auth;

import io.streamrag.gateway.openai.OpenAiErrors;
import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.web.AddressLimits;
import io.streamrag.kit.web.Problems;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * Authenticates every request once, whatever its endpoint, and limits it, in this order: an address
 * over its budget of requests without a valid key ({@link AddressLimits}) is refused before its key
 * is looked at; the key is looked up and who sent the request is put on it ({@link Authenticated},
 * which endpoints read); a request without a known key counts against its address and goes on to
 * its endpoint, which answers {@code 401} in its API's shape; a request with a known key counts
 * against the key ({@link RateLimits}). Over a limit it is {@code 429} with {@code Retry-After}
 * (whole seconds) and a problem detail {@code rate_limited} (in OpenAI's error shape under {@code
 * /v1/}). The actuator has a port of its own and never reaches this filter. Behind a proxy the
 * address is the client's only where the proxy's forwarded headers are trusted ({@code
 * server.forward-headers-strategy}).
 */
final class AuthenticationFilter implements WebFilter {

  private final ApiKeys keys;
  private final RateLimits limits;
  private final AddressLimits addresses;
  private final ServerResponse.Context context;

  AuthenticationFilter(
      ApiKeys keys,
      RateLimits limits,
      AddressLimits addresses,
      List<HttpMessageWriter<?>> writers) {
    this.keys = keys;
    this.limits = limits;
    this.addresses = addresses;
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
    boolean openAi = request.getPath().value().startsWith("/v1/");
    String address = AddressLimits.of(request.getRemoteAddress());
    // 1. an address that spent its tries without a valid key waits, before any key is looked at
    Duration blocked = addresses.blocked(address);
    if (!blocked.isZero()) {
      return refuse(exchange, anonymousMessage(blocked), blocked, openAi);
    }
    // 2. the key, looked up once for the request: none, or an unknown one, counts against the
    // address
    String token = Bearer.token(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
    var caller = token == null ? Optional.<Caller>empty() : keys.authenticate(token);
    Authenticated.put(exchange, new Authenticated(token, caller));
    if (caller.isEmpty()) {
      if (addresses.failed(address)) {
        return chain.filter(exchange);
      }
      Duration wait = addresses.blocked(address);
      return refuse(exchange, anonymousMessage(wait), wait, openAi);
    }
    // 3. a known key counts against itself
    Duration wait = limits.acquire(caller.get());
    if (wait.isZero()) {
      return chain.filter(exchange);
    }
    String message =
        "this API key may make "
            + limits.limit(caller.get())
            + " requests a minute; try again in "
            + seconds(wait)
            + " s";
    return refuse(exchange, message, wait, openAi);
  }

  private String anonymousMessage(Duration wait) {
    return "this address may make "
        + addresses.perMinute()
        + " requests a minute without a valid API key; try again in "
        + seconds(wait)
        + " s";
  }

  private Mono<Void> refuse(
      ServerWebExchange exchange, String message, Duration wait, boolean openAi) {
    return tooMany(message, seconds(wait), openAi)
        .flatMap(response -> response.writeTo(exchange, context));
  }

  private static Mono<ServerResponse> tooMany(String message, long retryAfter, boolean openAi) {
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
