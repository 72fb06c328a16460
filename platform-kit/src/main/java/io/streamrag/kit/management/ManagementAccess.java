package io.streamrag.kit.management;

import io.streamrag.kit.auth.AdminToken;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Who may read the actuator. Probes and Prometheus need no token: {@code health} (its status only,
 * and its groups {@code liveness} and {@code readiness}) and {@code prometheus}. Everything else
 * ({@code freshness}, {@code metrics}, {@code info}, the endpoint list) and the details of {@code
 * health} (component names, counts, tenants' sensors) need the service's admin token: with it the
 * request carries an {@link Authentication} (Spring Security's core, no filter chain), which {@code
 * show-details: when-authorized} accepts.
 */
final class ManagementAccess implements WebFilter {

  /** Who a request that carried the admin token is. */
  static final Authentication OPERATOR =
      UsernamePasswordAuthenticationToken.authenticated("operator", null, List.of());

  private final AdminToken admin;
  private final String basePath;

  ManagementAccess(AdminToken admin, String basePath) {
    this.admin = admin;
    this.basePath =
        basePath.endsWith("/") ? basePath.substring(0, basePath.length() - 1) : basePath;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    String path = exchange.getRequest().getPath().pathWithinApplication().value();
    if (!path.equals(basePath) && !path.startsWith(basePath + "/")) {
      return chain.filter(exchange);
    }
    if (admin.admits(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION))) {
      return chain
          .filter(exchange)
          .contextWrite(ReactiveSecurityContextHolder.withAuthentication(OPERATOR));
    }
    if (isOpen(path.substring(basePath.length()))) {
      return chain.filter(exchange);
    }
    return refuse(exchange);
  }

  private static boolean isOpen(String endpoint) {
    return endpoint.equals("/health")
        || endpoint.equals("/health/liveness")
        || endpoint.equals("/health/readiness")
        || endpoint.equals("/prometheus");
  }

  private static Mono<Void> refuse(ServerWebExchange exchange) {
    var response = exchange.getResponse();
    response.setStatusCode(HttpStatus.UNAUTHORIZED);
    response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
    response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    byte[] body =
        ("{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,"
                + "\"error\":\"unauthorized\",\"message\":\"this actuator endpoint needs the"
                + " service's admin token: send Authorization: Bearer <admin token>\"}")
            .getBytes(StandardCharsets.UTF_8);
    return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
  }
}
