package io.streamrag.kit.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.tracing.otel.bridge.Slf4JEventListener;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingConnectionDetails;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.Transport;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class TracingConfigurationTest {

  private final ApplicationContextRunner service =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  TracingConfiguration.class,
                  OpenTelemetrySdkAutoConfiguration.class,
                  OpenTelemetryTracingAutoConfiguration.class,
                  OtlpTracingAutoConfiguration.class));

  @Test
  void withoutACollectorNoSpanLeavesTheProcess() {
    service.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context).doesNotHaveBean(SpanExporter.class);
        });
  }

  @Test
  void anEmptyCollectorVariableIsNoCollector() {
    service
        .withPropertyValues(TracingConfiguration.OTLP_ENDPOINT + "= ")
        .run(context -> assertThat(context).doesNotHaveBean(SpanExporter.class));
  }

  @Test
  void theCollectorOpenTelemetryNamesReceivesSpansOverHttp() {
    service
        .withPropertyValues(TracingConfiguration.OTLP_ENDPOINT + "=http://collector:4318/")
        .run(
            context -> {
              assertThat(context).hasSingleBean(OtlpHttpSpanExporter.class);
              assertThat(context.getBean(OtlpTracingConnectionDetails.class).getUrl(Transport.HTTP))
                  .isEqualTo("http://collector:4318/v1/traces");
            });
  }

  @Test
  void withoutACollectorNoSpanIsRecordedYetEveryChatStillHasATraceId() {
    service.run(
        context -> {
          Span span = context.getBean(Tracer.class).spanBuilder("chat").startSpan();
          assertThat(span.isRecording()).isFalse();
          assertThat(span.getSpanContext().isValid()).isTrue();
          span.end();
        });
  }

  @Test
  void withACollectorEverySpanIsRecorded() {
    service
        .withPropertyValues(TracingConfiguration.OTLP_ENDPOINT + "=http://collector:4318/")
        .run(context -> assertThat(recorded(context)).isTrue());
  }

  @Test
  void anExplicitSamplingProbabilityRecordsSpansWithoutACollector() {
    service
        .withPropertyValues(TracingConfiguration.SAMPLING + "=1.0")
        .run(context -> assertThat(recorded(context)).isTrue());
  }

  /** Whether a new span records; it is not ended, so nothing tries to export it. */
  private static boolean recorded(org.springframework.context.ApplicationContext context) {
    return context.getBean(Tracer.class).spanBuilder("chat").startSpan().isRecording();
  }

  @Test
  void logLinesNameTheirTraceAsTraceIdNotBootsTraceId() {
    service.run(
        context ->
            assertThat(context)
                .getBean(Slf4JEventListener.class)
                .hasFieldOrPropertyWithValue("traceIdKey", TracingConfiguration.TRACE_ID));
  }
}
