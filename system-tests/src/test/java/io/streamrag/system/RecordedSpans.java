package io.streamrag.system;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every span the services of this JVM end, kept in memory (the newest {@value #KEPT}): each service
 * adds it to its OpenTelemetry tracer as a span processor, so a test reads what a collector would
 * have received, without one.
 */
final class RecordedSpans implements SpanProcessor {

  static final int KEPT = 20_000;
  static final AttributeKey<String> SERVICE = AttributeKey.stringKey("service.name");
  static final AttributeKey<String> HTTP_URL = AttributeKey.stringKey("http.url");

  private static final RecordedSpans INSTANCE = new RecordedSpans();
  private final ConcurrentLinkedDeque<SpanData> spans = new ConcurrentLinkedDeque<>();
  private final AtomicInteger count = new AtomicInteger();

  private RecordedSpans() {}

  /** Adds the recorder to a service about to start. */
  static void addTo(ConfigurableApplicationContext service) {
    service.getBeanFactory().registerSingleton("recordedSpans", INSTANCE);
  }

  /** Every span kept, oldest first. */
  static List<SpanData> all() {
    return List.copyOf(INSTANCE.spans);
  }

  /** The spans of one trace ended so far. */
  static List<SpanData> ofTrace(String traceId) {
    return INSTANCE.spans.stream().filter(s -> s.getTraceId().equals(traceId)).toList();
  }

  /** The service that recorded a span ({@code spring.application.name}). */
  static String service(SpanData span) {
    return span.getResource().getAttribute(SERVICE);
  }

  @Override
  public void onStart(Context parent, ReadWriteSpan span) {}

  @Override
  public boolean isStartRequired() {
    return false;
  }

  @Override
  public void onEnd(ReadableSpan span) {
    spans.add(span.toSpanData());
    if (count.incrementAndGet() > KEPT && spans.pollFirst() != null) {
      count.decrementAndGet();
    }
  }

  @Override
  public boolean isEndRequired() {
    return true;
  }
}
