package io.streamrag.gateway.relay;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every event stream this gateway sends (chat, OpenAI-compatible chat, alerts) tells proxies not to
 * buffer or cache it: {@code Cache-Control: no-cache} and nginx's {@code X-Accel-Buffering: no}, so
 * each event reaches the client when it is sent, not when a proxy's buffer fills.
 */
public final class SseHeaders implements WebFilter {

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    var response = exchange.getResponse();
    response.beforeCommit(
        () -> {
          var type = response.getHeaders().getContentType();
          if (type != null && MediaType.TEXT_EVENT_STREAM.isCompatibleWith(type)) {
            response.getHeaders().set(HttpHeaders.CACHE_CONTROL, "no-cache");
            response.getHeaders().set("X-Accel-Buffering", "no");
          }
          return Mono.empty();
        });
    return chain.filter(exchange);
  }
}
