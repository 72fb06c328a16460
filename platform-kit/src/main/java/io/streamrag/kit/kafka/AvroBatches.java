package io.streamrag.kit.kafka;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.ReceiverContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;

/**
 * Adapts a pipeline that takes a whole poll to a Spring Cloud Stream batch-mode handler ({@code
 * consumer.batch-mode: true}): one round trip to the broker per poll instead of one per record.
 * Each record is decoded here; the pipeline gets the records before the first one that cannot be
 * decoded, which is then reported by its index ({@link BatchListenerFailedException}), so the
 * container's error handler commits those before it, files it on its dead-letter topic with its
 * original bytes, and delivers the rest again. A pipeline that fails on one record does the same
 * with {@link #failed}. Each record keeps its own trace: {@link Received#observe} runs work in an
 * observation whose parent is the record's {@code traceparent}, as the binding's per-record
 * observation does for a record-mode handler.
 */
public final class AvroBatches {

  private AvroBatches() {}

  /** One decoded record of a batch, with its headers and its place in the batch. */
  public record Received<T>(T value, int index, String topic, Map<String, Object> headers) {

    /** Runs {@code work} in an observation continuing the record's trace. */
    public void observe(ObservationRegistry registry, String name, Runnable work) {
      var context =
          new ReceiverContext<Map<String, Object>>((carrier, key) -> text(carrier.get(key)));
      context.setCarrier(headers);
      Observation.createNotStarted(name, () -> context, registry)
          .contextualName(topic + " process")
          .lowCardinalityKeyValue("messaging.source.name", topic)
          .observe(work);
    }
  }

  /** The handler: decodes the poll's records as {@code type} and passes them on together. */
  public static <T> Consumer<Message<List<byte[]>>> consumer(
      Class<T> type, Consumer<List<Received<T>>> pipeline) {
    return batch -> {
      List<byte[]> payloads = batch.getPayload();
      List<?> topics = list(batch.getHeaders().get(KafkaHeaders.RECEIVED_TOPIC), payloads.size());
      List<?> headers =
          list(batch.getHeaders().get(KafkaHeaders.BATCH_CONVERTED_HEADERS), payloads.size());
      var decoded = new ArrayList<Received<T>>(payloads.size());
      for (int i = 0; i < payloads.size(); i++) {
        String topic = String.valueOf(topics.get(i));
        @SuppressWarnings("unchecked")
        Map<String, Object> own =
            headers.get(i) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
        T value;
        try {
          value =
              AvroHandlers.decode(
                  type,
                  MessageBuilder.withPayload(payloads.get(i))
                      .setHeader(KafkaHeaders.RECEIVED_TOPIC, topic)
                      .build());
        } catch (UndecodableRecordException e) {
          pipeline.accept(decoded); // those before it are handled and acknowledged first
          throw failed(i, e);
        }
        decoded.add(new Received<>(value, i, topic, own));
      }
      pipeline.accept(decoded);
    };
  }

  /** The failure of one record of a batch, for the container's error handler. */
  public static BatchListenerFailedException failed(int index, RuntimeException cause) {
    return new BatchListenerFailedException(cause.getMessage(), cause, index);
  }

  private static List<?> list(Object header, int size) {
    if (header instanceof List<?> values && values.size() == size) {
      return values;
    }
    var none = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      none.add(null);
    }
    return none;
  }

  private static String text(Object value) {
    if (value instanceof byte[] bytes) {
      return new String(bytes, StandardCharsets.UTF_8);
    }
    return value == null ? null : value.toString();
  }
}
