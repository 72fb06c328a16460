package io.streamrag.bridge.http;

import io.streamrag.bridge.auth.DeviceRegistry;
import io.streamrag.bridge.station.StationRegistry;
import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.web.AddressLimits;
import io.streamrag.kit.web.Problems;
import java.time.Duration;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Limits HTTP requests without a valid device, station or admin token per address, before the body
 * is read or the token looked at ({@link AddressLimits}): an address that spent its tries gets 429
 * with {@code Retry-After} until the minute turns. A request with a valid token is not counted.
 */
@Component
class AddressLimitFilter implements WebFilter {

  private final DeviceRegistry devices;
  private final StationRegistry stations;
  private final AddressLimits addresses;
  private final JsonMapper json;

  AddressLimitFilter(
      DeviceRegistry devices, StationRegistry stations, IntakeLimits limits, JsonMapper json) {
    this.devices = devices;
    this.stations = stations;
    this.addresses = new AddressLimits(limits.unauthenticatedPerMinute(), System::nanoTime);
    this.json = json;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    var request = exchange.getRequest();
    String address = AddressLimits.of(request.getRemoteAddress());
    // 1. an address that spent its tries waits, before any token is looked at
    Duration blocked = addresses.blocked(address);
    if (!blocked.isZero()) {
      return refuse(exchange, blocked);
    }
    // 2. a request without a valid token counts against its address (its endpoint answers 401)
    String token = Bearer.token(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
    boolean valid = devices.byToken(token).isPresent() || stations.byToken(token).isPresent();
    if (valid || addresses.failed(address)) {
      return chain.filter(exchange);
    }
    return refuse(exchange, addresses.blocked(address));
  }

  private Mono<Void> refuse(ServerWebExchange exchange, Duration wait) {
    long seconds = Math.max(1, (wait.toNanos() + 999_999_999L) / 1_000_000_000L);
    var problem =
        Problems.of(
            429,
            "rate_limited",
            "this address may make "
                + addresses.perMinute()
                + " requests a minute without a valid token; try again in "
                + seconds
                + " s",
            Map.of("retry_after_seconds", seconds));
    var response = exchange.getResponse();
    response.setRawStatusCode(429);
    response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
    response.getHeaders().set(HttpHeaders.RETRY_AFTER, String.valueOf(seconds));
    byte[] body = json.writeValueAsBytes(problem);
    return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
  }
}
