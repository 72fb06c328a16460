package io.streamrag.kit.kafka;

import io.streamrag.schemas.serde.AvroDeserializer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;

/**
 * Adapts a pipeline method to a Spring Cloud Stream handler that receives the record's raw bytes:
 * the bytes are decoded here, inside the binding, so a record that is not what its topic carries
 * fails with {@link UndecodableRecordException} and is dead-lettered with its original bytes.
 */
public final class AvroHandlers {

  private static final AvroDeserializer AVRO = new AvroDeserializer();

  private AvroHandlers() {}

  /** A handler that decodes each record as {@code type} and passes it on. */
  public static <T> Consumer<Message<byte[]>> consumer(Class<T> type, Consumer<T> pipeline) {
    return message -> pipeline.accept(decode(type, message));
  }

  /**
   * A handler that decodes each record as {@code type} and returns what the pipeline makes of it.
   */
  public static <T, R> Function<Message<byte[]>, R> function(
      Class<T> type, Function<T, R> pipeline) {
    return message -> pipeline.apply(decode(type, message));
  }

  /** The record a message carries, or an {@link UndecodableRecordException} saying why not. */
  public static <T> T decode(Class<T> type, Message<byte[]> message) {
    String topic = String.valueOf(message.getHeaders().get(KafkaHeaders.RECEIVED_TOPIC));
    Object value;
    try {
      value = AVRO.deserialize(topic, message.getPayload());
    } catch (RuntimeException e) {
      throw new UndecodableRecordException(e.getMessage(), e);
    }
    if (!type.isInstance(value)) {
      throw new UndecodableRecordException(
          "expected "
              + type.getSimpleName()
              + " on "
              + topic
              + ", got "
              + (value == null ? "a tombstone" : value.getClass().getSimpleName()),
          null);
    }
    return type.cast(value);
  }
}
