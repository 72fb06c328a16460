package io.streamrag.gateway.web;

import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.handler.TracingObservationHandler.TracingContext;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Names the trace of every response in a W3C {@value #NAME} header (the request's server span), so
 * whoever holds a chat's response can find its whole trace: the gateway, llm-service and
 * retrieval-service spans of that chat share its trace id.
 */
public final class TraceparentHeader implements WebFilter {

  public static final String NAME = "traceparent";

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    exchange
        .getResponse()
        .beforeCommit(
            () -> {
              ServerRequestObservationContext.findCurrent(exchange.getAttributes())
                  .map(observation -> observation.<TracingContext>get(TracingContext.class))
                  .map(TracingContext::getSpan)
                  .ifPresent(
                      span -> exchange.getResponse().getHeaders().set(NAME, of(span.context())));
              return Mono.empty();
            });
    return chain.filter(exchange);
  }

  /** {@code 00-<trace id>-<span id>-<flags>}, as W3C Trace Context writes it. */
  static String of(TraceContext span) {
    return "00-"
        + span.traceId()
        + "-"
        + span.spanId()
        + "-"
        + (Boolean.TRUE.equals(span.sampled()) ? "01" : "00");
  }
}
