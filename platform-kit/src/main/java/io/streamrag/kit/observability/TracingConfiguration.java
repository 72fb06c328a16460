package io.streamrag.kit.observability;

import io.micrometer.tracing.otel.bridge.Slf4JEventListener;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingConnectionDetails;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.Transport;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * What the services add to Boot's OpenTelemetry tracing (the rest is {@code
 * streamrag-observability.yml}): log lines name their trace as {@value #TRACE_ID} and {@value
 * #SPAN_ID} in the MDC (and their request as {@value #REQUEST_ID}, from baggage), and spans leave
 * the process only when {@value #OTLP_ENDPOINT} names an OTLP collector, as OpenTelemetry's own
 * SDKs read it (the base URL: spans go to {@code <it>/v1/traces} over HTTP). Without it nothing is
 * exported and nothing tries to reach a collector, and no span is recorded either (sampling
 * probability 0, unless {@value #SAMPLING} is set): recording spans nobody receives cost a chat CPU
 * in every service. Trace ids are made, logged and propagated (with the request id as baggage)
 * whether a span is recorded or not, so log lines stay correlated.
 */
@AutoConfiguration(
    before = {OpenTelemetryTracingAutoConfiguration.class, OtlpTracingAutoConfiguration.class})
public class TracingConfiguration {

  /** The MDC key of the current trace id. */
  public static final String TRACE_ID = "trace_id";

  /** The MDC key of the current span id. */
  public static final String SPAN_ID = "span_id";

  /**
   * The baggage (and MDC key) naming the chat request a piece of work serves: the gateway sets it,
   * it travels with the trace in every Kafka record's headers.
   */
  public static final String REQUEST_ID = "request_id";

  /** The environment variable naming the OTLP collector, e.g. {@code http://localhost:4318}. */
  public static final String OTLP_ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";

  /** The environment variable setting the share of chats whose spans are recorded. */
  public static final String SAMPLING = "TRACING_SAMPLING_PROBABILITY";

  private static final String PROBABILITY = "management.tracing.sampling.probability";

  /**
   * Boot's sampler (parent-based, by trace id ratio) with {@code management.tracing.sampling
   * .probability} when spans go somewhere (a span exporter, or {@value #SAMPLING} set explicitly),
   * and probability 0 otherwise.
   */
  @Bean
  @ConditionalOnMissingBean
  Sampler otelSampler(Environment environment, ObjectProvider<SpanExporter> exporters) {
    boolean received =
        exporters.orderedStream().findAny().isPresent() || environment.containsProperty(SAMPLING);
    double probability = received ? environment.getProperty(PROBABILITY, Double.class, 1.0) : 0.0;
    return Sampler.parentBased(Sampler.traceIdRatioBased(probability));
  }

  @Bean
  Slf4JEventListener otelSlf4JEventListener() {
    return new Slf4JEventListener(TRACE_ID, SPAN_ID);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnExpression("!'${" + OTLP_ENDPOINT + ":}'.isBlank()")
  OtlpTracingConnectionDetails otlpCollectorFromEnvironment(Environment environment) {
    String base = environment.getProperty(OTLP_ENDPOINT, "").strip().replaceAll("/+$", "");
    return transport -> transport == Transport.HTTP ? base + "/v1/traces" : base;
  }
}
