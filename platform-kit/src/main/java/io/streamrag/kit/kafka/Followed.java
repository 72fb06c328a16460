package io.streamrag.kit.kafka;

import io.streamrag.schemas.serde.AvroDeserializer;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * One record a {@link TopicFollow} hands to its handler: its key and place at once, its value
 * decoded to the follow's type only when asked for, so a handler that wants few records (a relay
 * with nobody waiting for the key) does not decode the others.
 *
 * @param <V> the Avro record type of the topic's values
 */
public final class Followed<V> {

  private final ConsumerRecord<String, byte[]> source;
  private final AvroDeserializer avro;
  private final Class<V> type;

  Followed(ConsumerRecord<String, byte[]> source, AvroDeserializer avro, Class<V> type) {
    this.source = source;
    this.avro = avro;
    this.type = type;
  }

  public String key() {
    return source.key();
  }

  public int partition() {
    return source.partition();
  }

  public long offset() {
    return source.offset();
  }

  /**
   * The record's value as the follow's type; {@code null} for a tombstone.
   *
   * @throws UndecodableRecordException when it is not Avro of that type: the follow's failure
   *     policy then skips it (a view) or files it (a follow with dead letters)
   */
  public V value() {
    if (source.value() == null) {
      return null;
    }
    Object value;
    try {
      value = avro.deserialize(source.topic(), source.value());
    } catch (RuntimeException e) {
      throw new UndecodableRecordException("undecodable: " + e.getMessage(), e);
    }
    if (!type.isInstance(value)) {
      throw new UndecodableRecordException(
          "a " + value.getClass().getSimpleName() + ", expected " + type.getSimpleName(), null);
    }
    return type.cast(value);
  }

  /** The record as read (its headers, e.g. a trace to continue). */
  public ConsumerRecord<String, byte[]> source() {
    return source;
  }
}
