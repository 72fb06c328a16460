package io.streamrag.kit.kafka;

import io.streamrag.schemas.serde.AvroDeserializer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes the records of one {@link TopicView}: Avro to the view's type, or null with a log line
 * for a record that cannot be read or holds another type (the view skips it and keeps following).
 */
final class ViewRecords<V> {

  private static final Logger log = LoggerFactory.getLogger(TopicView.class);

  private final AvroDeserializer avro = new AvroDeserializer();
  private final String topic;
  private final Class<V> type;

  ViewRecords(String topic, Class<V> type) {
    this.topic = topic;
    this.type = type;
  }

  /** The record's value as the view's type; null for a tombstone or a record skipped. */
  V decode(ConsumerRecord<String, byte[]> record) {
    if (record.value() == null) {
      return null;
    }
    try {
      Object value = avro.deserialize(topic, record.value());
      if (type.isInstance(value)) {
        return type.cast(value);
      }
      log.warn(
          "skipped a {} on {} at {}-{}: expected {}",
          value.getClass().getSimpleName(),
          topic,
          record.partition(),
          record.offset(),
          type.getSimpleName());
    } catch (RuntimeException e) {
      SkippedRecords.unreadable(log, record, e);
    }
    return null;
  }
}
