package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.advice.RecommendationState;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * An alert the broker refused is sent when its snapshot is read again. The new state had already
 * been written through to the alert watch's view, so before, the retry found the snapshot advised
 * on and skipped it: the farmer was never told.
 */
class AlertRefusalTest extends AdviceOnBroker {

  @Autowired AgronomyTables tables;

  @Test
  void anAlertTheBrokerRefusedIsSentWhenItsSnapshotIsReadAgain() {
    refusedThen(false);
  }

  /** The binding files a refused poll as dead letters; the sensor's next reading alerts. */
  @Test
  void anAlertTheBrokerRefusedIsSentWithTheSensorsNextSnapshot() {
    refusedThen(true);
  }

  private void refusedThen(boolean nextSnapshot) {
    var readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5));
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()),
            new StringSerializer(),
            (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
    try (var states =
        TopicView.followVersioned(
                readers,
                ServiceTopics.SENSOR_RECOMMENDATIONS.name(),
                RecommendationState.class,
                RecommendationState::getSnapshotVersion)
            .caughtUpWithin(Duration.ofSeconds(30))) {
      var alerts =
          new Alerts(
              tables,
              states,
              new TopicWriter(new KafkaTemplate<>(producers)),
              JSON,
              Clock.systemUTC(),
              ObservationRegistry.NOOP);
      await()
          .atMost(Duration.ofSeconds(20))
          .ignoreExceptions()
          .until(() -> tables.current() != null);
      String sensor = UUID.randomUUID().toString();
      var dry = List.of(received(snapshot(sensor, 1, 14.0)));
      long from = System.currentTimeMillis();

      // Given a snapshot that makes irrigation needed, whose alert the broker refuses (the state
      // goes through: it is on another topic)
      KAFKA.maxMessageBytes(ServiceTopics.SENSOR_ALERTS.name(), 64);
      try {
        assertThatThrownBy(() -> alerts.onSnapshots(dry))
            .hasMessageContaining("Kafka refused a record");
      } finally {
        KAFKA.maxMessageBytes(ServiceTopics.SENSOR_ALERTS.name(), -1);
      }

      // When the binding reads the same snapshot again, or the sensor's next one comes
      long version = nextSnapshot ? 2 : 1;
      alerts.onSnapshots(nextSnapshot ? List.of(received(snapshot(sensor, 2, 13.0))) : dry);

      // Then the alert goes out, once
      assertThat(awaitAlerts(sensor, from, 1))
          .extracting(RecommendationIssued::getChange, RecommendationIssued::getSnapshotVersion)
          .containsExactly(tuple("irrigation_needed", version));
      // and a snapshot that changes nothing more alerts no one
      alerts.onSnapshots(List.of(received(snapshot(sensor, 3, 12.0))));
      assertThat(alertsWithin(sensor, from, Duration.ofSeconds(2))).hasSize(1);
    } finally {
      readers.stop();
      producers.destroy();
    }
  }

  private static AvroBatches.Received<SensorSnapshotUpdated> received(SensorSnapshotUpdated s) {
    return new AvroBatches.Received<>(s, 0, SensorTopics.SENSOR_SNAPSHOTS.name(), Map.of());
  }
}
