package io.streamrag.kit.management;

import io.streamrag.kit.auth.AdminToken;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
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
 * Who may use a service's operator surfaces: the actuator, and the admin API ({@code /admin/**}) of
 * the services that have one. One rule for both: the service's admin token, checked here once, so
 * no handler checks it again. With the token the request carries an {@link Authentication} (Spring
 * Security's core, no filter chain), which the actuator's {@code show-details: when-authorized}
 * accepts. Of the actuator, probes and Prometheus need no token: {@code health} (its status only,
 * and its groups {@code liveness} and {@code readiness}) and {@code prometheus}; everything else
 * ({@code freshness}, {@code metrics}, {@code info}, the endpoint list) and the details of {@code
 * health} (component names, counts, tenants' sensors) do.
 */
public final class AdminAccess implements WebFilter {

  /** Who a request that carried the admin token is. */
  static final Authentication OPERATOR =
      UsernamePasswordAuthenticationToken.authenticated("operator", null, List.of());

  private static final Set<String> OPEN_ACTUATOR =
      Set.of("/health", "/health/liveness", "/health/readiness", "/prometheus");

  private final AdminToken admin;
  private final String basePath;
  private final Set<String> open;
  private final String what;

  private AdminAccess(AdminToken admin, String basePath, Set<String> open, String what) {
    this.admin = admin;
    this.basePath =
        basePath.endsWith("/") ? basePath.substring(0, basePath.length() - 1) : basePath;
    this.open = open;
    this.what = what;
  }

  /** The actuator below {@code basePath}: probes and Prometheus open, the rest the operator's. */
  static AdminAccess actuator(AdminToken admin, String basePath) {
    return new AdminAccess(admin, basePath, OPEN_ACTUATOR, "this actuator endpoint");
  }

  /** The admin API below {@code /admin}: the operator's only. */
  public static AdminAccess adminApi(AdminToken admin) {
    return new AdminAccess(admin, "/admin", Set.of(), "the admin API");
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
    if (open.contains(path.substring(basePath.length()))) {
      return chain.filter(exchange);
    }
    return refuse(exchange);
  }

  private Mono<Void> refuse(ServerWebExchange exchange) {
    var response = exchange.getResponse();
    response.setStatusCode(HttpStatus.UNAUTHORIZED);
    response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
    response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
    byte[] body =
        ("{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,"
                + "\"error\":\"unauthorized\",\"message\":\""
                + what
                + " needs the service's admin token: send Authorization: Bearer <admin token>\"}")
            .getBytes(StandardCharsets.UTF_8);
    return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
  }
}
