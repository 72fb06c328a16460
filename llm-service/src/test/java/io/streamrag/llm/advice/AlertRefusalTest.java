package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kafkalocal.LocalKafka;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * An alert the broker refused is sent when its snapshot is read again. The new state had already
 * been written through to the alert watch's view, so before, the retry found the snapshot advised
 * on and skipped it: the farmer was never told.
 */
class AlertRefusalTest {

  /**
   * A broker of its own: the test makes it refuse every alert for a while, which would fail any
   * other test's alert watch on a shared broker.
   */
  static LocalKafka kafka;

  static final JsonMapper JSON = new JsonMapper();

  /** The demo agronomy tables, as llm-service builds them from the KB configs. */
  final AgronomyTables tables =
      new AgronomyTables(
          AdviceOnBroker::demoTables,
          Clock.systemDefaultZone(),
          Duration.ofHours(24),
          Duration.ofDays(7));

  @BeforeAll
  static void start() {
    kafka = LocalKafka.startWithCatalogue();
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  /** What comes after the refused poll. */
  enum Then {
    /** the binding reads the same snapshot again (a dead letter replayed) */
    SAME_SNAPSHOT,
    /** the sensor's next reading (the binding files a refused poll and does not retry it) */
    NEXT_SNAPSHOT,
    /** the sensor's next reading, on another instance that took its partition over */
    NEXT_SNAPSHOT_ELSEWHERE
  }

  @Test
  void anAlertTheBrokerRefusedIsSentWhenItsSnapshotIsReadAgain() {
    refused(Then.SAME_SNAPSHOT);
  }

  @Test
  void anAlertTheBrokerRefusedIsSentWithTheSensorsNextSnapshot() {
    refused(Then.NEXT_SNAPSHOT);
  }

  /** The refused poll's state was never published: no instance holds it. */
  @Test
  void anAlertTheBrokerRefusedIsSentByTheInstanceThatTakesTheSensorOver() {
    refused(Then.NEXT_SNAPSHOT_ELSEWHERE);
  }

  private void refused(Then then) {
    var readers = TopicReaders.outsideSpring(kafka.bootstrapServers(), Duration.ofSeconds(5));
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
            new StringSerializer(),
            (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
    try (var states = states(readers)) {
      var alerts = alerts(states, producers);
      await()
          .atMost(Duration.ofSeconds(20))
          .ignoreExceptions()
          .until(() -> tables.current() != null);
      String sensor = UUID.randomUUID().toString();
      var dry = List.of(received(AdviceOnBroker.snapshot(sensor, 1, 14.0)));
      long from = System.currentTimeMillis();

      // Given a snapshot that makes irrigation needed, whose alert the broker refuses
      kafka.maxMessageBytes(ServiceTopics.SENSOR_ALERTS.name(), 64);
      try {
        assertThatThrownBy(() -> alerts.onSnapshots(dry))
            .hasMessageContaining("Kafka refused a record");
      } finally {
        kafka.maxMessageBytes(ServiceTopics.SENSOR_ALERTS.name(), -1);
      }

      // When the same snapshot is read again, or the sensor's next one comes, here or elsewhere
      var next = List.of(received(AdviceOnBroker.snapshot(sensor, 2, 13.0)));
      switch (then) {
        case SAME_SNAPSHOT -> alerts.onSnapshots(dry);
        case NEXT_SNAPSHOT -> alerts.onSnapshots(next);
        case NEXT_SNAPSHOT_ELSEWHERE -> {
          try (var theirs = states(readers)) {
            alerts(theirs, producers).onSnapshots(next);
          }
        }
      }

      // Then the alert goes out, once
      long version = then == Then.SAME_SNAPSHOT ? 1 : 2;
      assertThat(AdviceOnBroker.awaitAlerts(kafka, sensor, from, 1))
          .extracting(RecommendationIssued::getChange, RecommendationIssued::getSnapshotVersion)
          .containsExactly(tuple("irrigation_needed", version));
      // and a snapshot that changes nothing more alerts no one, here, even where the sensor's
      // partition came back after another instance published its state
      if (then == Then.NEXT_SNAPSHOT_ELSEWHERE) {
        await()
            .atMost(Duration.ofSeconds(20))
            .until(
                () -> states.get(sensor).map(RecommendationState::getSnapshotVersion),
                v -> v.orElse(0L) == 2L);
      }
      alerts.onSnapshots(List.of(received(AdviceOnBroker.snapshot(sensor, 3, 12.0))));
      assertThat(AdviceOnBroker.alertsWithin(kafka, sensor, from, Duration.ofSeconds(2)))
          .hasSize(1);
    } finally {
      readers.stop();
      producers.destroy();
    }
  }

  /** An instance's view of the states, caught up with the topic. */
  private static TopicView<RecommendationState> states(TopicReaders readers) {
    return TopicView.followVersioned(
            readers,
            ServiceTopics.SENSOR_RECOMMENDATIONS.name(),
            RecommendationState.class,
            RecommendationState::getSnapshotVersion)
        .caughtUpWithin(Duration.ofSeconds(30));
  }

  private Alerts alerts(
      TopicView<RecommendationState> states, DefaultKafkaProducerFactory<String, Object> out) {
    return new Alerts(
        tables,
        states,
        new TopicWriter(new KafkaTemplate<>(out)),
        JSON,
        Clock.systemUTC(),
        ObservationRegistry.NOOP);
  }

  private static AvroBatches.Received<SensorSnapshotUpdated> received(SensorSnapshotUpdated s) {
    return new AvroBatches.Received<>(s, 0, SensorTopics.SENSOR_SNAPSHOTS.name(), Map.of());
  }
}
