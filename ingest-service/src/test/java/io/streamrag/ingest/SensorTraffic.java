package io.streamrag.ingest;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;

/** What the ingest tests publish to the broker and read back from it. */
final class SensorTraffic {

  static final Duration WAIT = Duration.ofSeconds(20);

  private SensorTraffic() {}

  static String newSensor() {
    return UUID.randomUUID().toString();
  }

  static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS);
  }

  static void publish(TopicSpec topic, String key, SpecificRecord value) {
    LocalKafka.shared().publish(topic.name(), key, value);
  }

  /** The first snapshot of the sensor that matches, waiting up to {@link #WAIT}. */
  static SensorSnapshotUpdated awaitSnapshot(
      String sensor, Predicate<SensorSnapshotUpdated> match) {
    try (var snapshots =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), SensorTopics.SENSOR_SNAPSHOTS.name())) {
      return (SensorSnapshotUpdated)
          snapshots
              .await(
                  r -> sensor.equals(r.key()) && match.test((SensorSnapshotUpdated) r.value()),
                  WAIT)
              .value();
    }
  }

  /** Every snapshot the sensor has on the topic, in order (read for 2 s). */
  static List<SensorSnapshotUpdated> snapshotsOf(String sensor) {
    try (var snapshots =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), SensorTopics.SENSOR_SNAPSHOTS.name())) {
      return snapshots.drain(Duration.ofSeconds(2)).stream()
          .filter(r -> sensor.equals(r.key()))
          .map(r -> (SensorSnapshotUpdated) r.value())
          .toList();
    }
  }

  /** The first upsert on index.changes that matches, waiting up to {@link #WAIT}. */
  static IndexChanged awaitUpsert(Predicate<IndexChanged> match) {
    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name())) {
      return (IndexChanged)
          index
              .await(
                  r ->
                      r.value() instanceof IndexChanged c
                          && c.getOp() == IndexOp.UPSERT
                          && match.test(c),
                  WAIT)
              .value();
    }
  }
}
