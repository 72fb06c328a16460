package io.streamrag.kit.kafka;

import io.micrometer.observation.ObservationPredicate;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;
import org.springframework.kafka.support.micrometer.KafkaRecordReceiverContext;
import org.springframework.kafka.support.micrometer.KafkaRecordSenderContext;

/**
 * Records that are fragments of a stream (an answer's tokens) travel without a span each, on both
 * sides of the broker. A model's answer is some fifty token records; a span per record, sent and
 * received, was 16 % of llm-service's CPU and 32 % of the gateway's with 200 answers streaming
 * (JFR, docs/measurements/2026-12-05-streams.md), and told nothing the answer's own spans (its
 * request, its retrieval, its first and last events) do not. The mark is a header, so the sender
 * decides, and the receiver skips the span before it decodes anything.
 */
public final class Fragments {

  /** The header a fragment carries; its value is not read. */
  public static final String HEADER = "streamrag-fragment";

  private static final byte[] MARK = "1".getBytes(StandardCharsets.UTF_8);

  private Fragments() {}

  /** Marks a record as a fragment. */
  static void mark(Headers headers) {
    headers.add(HEADER, MARK);
  }

  /** Whether a record carries the mark. */
  public static boolean marked(Headers headers) {
    return headers != null && headers.lastHeader(HEADER) != null;
  }

  /**
   * Lets every observation be made except the Kafka send and receive of a fragment. A Spring bean
   * of this type is applied to the observation registry by Spring Boot.
   */
  public static ObservationPredicate untraced() {
    return (name, context) -> {
      if (context instanceof KafkaRecordSenderContext sent) {
        return !marked(sent.getRecord().headers());
      }
      if (context instanceof KafkaRecordReceiverContext received) {
        return !marked(received.getRecord().headers());
      }
      return true;
    };
  }
}
