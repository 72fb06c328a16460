package io.streamrag.gateway.auth;

import io.streamrag.gateway.web.Refusals;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.auth.Bearer;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.server.ServerWebExchange;

/**
 * Who sent a request, as {@link AuthenticationFilter} found it, once per request: the bearer token
 * and the caller behind it, if the token is a known key. Every endpoint reads it here instead of
 * looking the key up again.
 *
 * @param token the bearer token, or {@code null} when none was sent
 * @param caller the caller, or empty when the token is missing or unknown
 */
public record Authenticated(String token, Optional<Caller> caller) {

  private static final String ATTRIBUTE = Authenticated.class.getName();

  /** Puts who sent the exchange on it, for its endpoint. */
  static void put(ServerWebExchange exchange, Authenticated who) {
    exchange.getAttributes().put(ATTRIBUTE, who);
  }

  /**
   * Who sent {@code request}. A request the filter did not see (none should reach an endpoint) is
   * nobody's: it fails closed.
   */
  public static Authenticated of(ServerRequest request) {
    return request
        .attribute(ATTRIBUTE)
        .map(Authenticated.class::cast)
        .orElseGet(
            () ->
                new Authenticated(
                    Bearer.token(request.headers().firstHeader(HttpHeaders.AUTHORIZATION)),
                    Optional.empty()));
  }

  /** The caller, or a {@code 401} naming what is wrong with the key (missing or unknown). */
  public Caller orRefuse() {
    return caller.orElseThrow(() -> new Refused(Refusals.unauthorized(token)));
  }
}
