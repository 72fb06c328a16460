package io.streamrag.kit.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;

/** One wording for a record a reader skips because it cannot be decoded. */
public final class SkippedRecords {

  private SkippedRecords() {}

  /** Logs, at WARN on the reader's logger, where the unreadable record sits and why. */
  public static void unreadable(Logger log, ConsumerRecord<?, ?> record, RuntimeException e) {
    unreadable(log, record.topic(), record.partition(), record.offset(), e);
  }

  /** The same, for a record known by where it sits (e.g. a binding's message). */
  public static void unreadable(
      Logger log, String topic, int partition, long offset, RuntimeException e) {
    log.warn(
        "skipped an unreadable record on {} at {}-{}: {}",
        topic,
        partition,
        offset,
        e.getMessage());
  }
}
