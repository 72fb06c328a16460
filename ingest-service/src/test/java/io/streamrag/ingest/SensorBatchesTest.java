package io.streamrag.ingest;

import static io.streamrag.ingest.SensorEvents.reading;
import static io.streamrag.ingest.SensorTraffic.WAIT;
import static io.streamrag.ingest.SensorTraffic.awaitSnapshot;
import static io.streamrag.ingest.SensorTraffic.newSensor;
import static io.streamrag.ingest.SensorTraffic.now;
import static io.streamrag.ingest.SensorTraffic.publish;
import static io.streamrag.ingest.SensorTraffic.snapshotsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * ingest-service's sensor binding, a poll at a time, against a real broker: records that are not
 * sensor events go to the dead-letter topic, and the good ones around them are all folded, in
 * order. The same configuration as {@link IngestServiceTest}, so the same Spring context.
 */
class SensorBatchesTest extends IngestOnBroker {

  @Autowired MeterRegistry meters;

  @Test
  void aBadRecordOnTheReadingsTopicGoesToTheDeadLetterTopicWithItsErrorAndIsCounted() {
    String key = "bad-" + UUID.randomUUID();
    LocalKafka.shared().publishRaw(SensorTopics.SENSOR_READINGS.name(), key, "not avro".getBytes());

    try (var dlq =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), DeadLetterTopics.DLQ_INGEST_SENSORS.name())) {
      var dead = dlq.await(r -> key.equals(r.key()), WAIT);
      assertThat(new String(dead.raw())).isEqualTo("not avro");
      assertThat(dead.headers()).containsKey("kafka_dlt-exception-message");
    }
    var counted =
        meters.counter(
            DeadLetters.METER,
            "topic",
            SensorTopics.SENSOR_READINGS.name(),
            "exception",
            "UndecodableRecordException");
    await().atMost(WAIT).until(() -> counted.count() > 0);
  }

  @Test
  void aBurstWithABadRecordInsideKeepsEveryGoodReadingInOrderAndFilesTheBadOne() {
    // Given a burst of one sensor's readings, polled together, with a record that is not Avro
    // in the middle of it (same key, so same partition, between them)
    String sensor = newSensor();
    Instant t = now();
    for (int i = 1; i <= 12; i++) {
      publish(
          SensorTopics.SENSOR_READINGS,
          sensor,
          reading(sensor, "b" + i, t.plusSeconds(i), (double) i, null));
      if (i == 6) {
        LocalKafka.shared()
            .publishRaw(SensorTopics.SENSOR_READINGS.name(), sensor, "junk".getBytes());
      }
    }

    // Then every good reading made its own snapshot, in order, each folded onto the one before
    awaitSnapshot(sensor, s -> s.getSoilMoisture() == 12.0);
    var mine = snapshotsOf(sensor);
    assertThat(mine)
        .extracting(SensorSnapshotUpdated::getVersion)
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
    assertThat(mine)
        .extracting(SensorSnapshotUpdated::getSoilMoisture)
        .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0);
    // And the bad record is on the dead-letter topic with its bytes, once
    try (var dlq =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), DeadLetterTopics.DLQ_INGEST_SENSORS.name())) {
      var dead =
          dlq.drain(Duration.ofSeconds(2)).stream().filter(r -> sensor.equals(r.key())).toList();
      assertThat(dead).hasSize(1);
      assertThat(new String(dead.get(0).raw())).isEqualTo("junk");
    }
  }
}
