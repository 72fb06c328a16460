package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One chat is one trace: the gateway's response names it in its {@code traceparent} header, and
 * every service the chat crosses records its spans in it, the W3C trace context carried by Kafka's
 * headers from hop to hop. So is one sensor reading, from the bridge to the index.
 */
class TracingTest {

  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void aChatIsOneTraceThroughGatewayLlmAndRetrieval() {
    try (var sends = LoggedMdc.of("org.springframework.kafka.core.KafkaTemplate", Level.TRACE)) {
      // When a farmer asks a question
      Http.Chat answer = Http.otherFarmer(system.gatewayUrl(), "How much water does wheat need?");
      assertThat(answer.count("done")).isEqualTo(1);

      // Then the response names its trace and the gateway's span of the request
      assertThat(answer.traceparent()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
      String traceId = answer.traceparent().split("-")[1];
      String requestSpan = answer.traceparent().split("-")[2];

      // And gateway, llm-service and retrieval-service recorded their spans of it in that trace
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(
              () -> {
                List<SpanData> spans = RecordedSpans.ofTrace(traceId);
                assertThat(spans)
                    .extracting(RecordedSpans::service)
                    .contains("gateway-service", "llm-service", "retrieval-service");
                assertThat(spans)
                    .filteredOn(s -> s.getSpanId().equals(requestSpan))
                    .extracting(RecordedSpans::service)
                    .containsExactly("gateway-service");
                assertThat(spans)
                    .filteredOn(s -> s.getName().startsWith("retrieval.requests"))
                    .extracting(RecordedSpans::service)
                    .contains("llm-service", "retrieval-service");
              });

      // And every record sent for it was logged with its trace id and its request id
      String requestId = answer.first("meta").get("request_id").asString();
      assertThat(sends.ofTrace(traceId))
          .hasSizeGreaterThan(3)
          .allSatisfy(mdc -> assertThat(mdc).containsEntry("request_id", requestId));
    }
  }

  @Test
  void aReadingIsOneTraceFromTheBridgeToTheIndex() {
    // When a sensor posts a reading
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    String reading =
        "{\"ts\":\"" + ts + "\",\"soil_moisture\":31.7,\"temperature\":19.5,\"ph\":7.1,\"ec\":0.9}";
    assertThat(
            Http.postReading(
                system.bridgeUrl(), WholeFlowTest.FARMER_SENSOR, "dev-device-token", reading))
        .isEqualTo(202);

    // Then the bridge, ingest-service and retrieval-service recorded spans in the reading's trace
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> {
              String traceId = readingTrace(WholeFlowTest.FARMER_SENSOR);
              assertThat(RecordedSpans.ofTrace(traceId))
                  .extracting(RecordedSpans::service)
                  .contains("sensor-bridge", "ingest-service", "retrieval-service");
            });
  }

  /** The trace of the newest reading the bridge took over HTTP for a sensor. */
  private static String readingTrace(String sensor) {
    String url = "/api/sensors/" + sensor + "/readings";
    return RecordedSpans.all().stream()
        .filter(s -> "sensor-bridge".equals(RecordedSpans.service(s)))
        .filter(s -> url.equals(s.getAttributes().get(RecordedSpans.HTTP_URL)))
        .reduce((first, second) -> second)
        .map(SpanData::getTraceId)
        .orElseThrow(() -> new AssertionError("no reading of " + sensor + " was sent"));
  }
}
