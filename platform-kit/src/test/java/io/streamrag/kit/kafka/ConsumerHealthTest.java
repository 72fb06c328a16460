package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Status;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/** Health tells the truth about the views' consumers: stuck or dead ones turn it DOWN. */
class ConsumerHealthTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final String TOPIC = KnowledgeTopics.PIPELINE_CONFIGS.name();

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aViewStuckInItsCallbackTurnsReadinessDownUntilItPollsAgain() throws Exception {
    var readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(1));
    var health = health(readers);
    var release = new CountDownLatch(1);
    try (var view =
        TopicView.follow(
            readers,
            TOPIC,
            PipelineConfigured.class,
            (k, v) -> {
              try {
                release.await(); // e.g. a store call that hangs
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            })) {
      assertThat(view.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      assertThat(health.readiness().health(false).getStatus()).isEqualTo(Status.UP);

      publish("stuck");

      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> health.readiness().health(false).getStatus(), Status.DOWN::equals);
      assertThat(health.readiness().health(true).getDetails())
          .containsEntry("view-" + TOPIC, "not polling");
      assertThat(health.liveness().health(false).getStatus()).isEqualTo(Status.UP);

      release.countDown();

      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> health.readiness().health(false).getStatus(), Status.UP::equals);
    }
  }

  @Test
  void aViewWhoseConsumerStoppedAbnormallyTurnsBothDown() throws Exception {
    var readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(1));
    var health = health(readers);
    try (var view = TopicView.follow(readers, TOPIC, PipelineConfigured.class, (k, v) -> {})) {
      assertThat(view.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();

      readers.containers().get(0).stopAbnormally(() -> {});

      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> health.liveness().health(false).getStatus(), Status.DOWN::equals);
      assertThat(health.readiness().health(true).getDetails())
          .containsEntry("view-" + TOPIC, "stopped");
      assertThat(view.isFollowing()).isFalse();
    }
  }

  private static ConsumerHealth health(TopicReaders readers) {
    var none = new org.springframework.beans.factory.support.StaticListableBeanFactory();
    ObjectProvider<KafkaListenerEndpointRegistry> registry =
        none.getBeanProvider(KafkaListenerEndpointRegistry.class);
    return new ConsumerHealth(
        readers, registry, none.getBeanProvider(MessageListenerContainer.class));
  }

  private static void publish(String name) throws Exception {
    var serializer = new AvroSerializer();
    try (var producer =
        new KafkaProducer<String, Object>(
            Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
            new StringSerializer(),
            (topic, value) ->
                serializer.serialize(topic, (org.apache.avro.specific.SpecificRecord) value))) {
      producer
          .send(
              new ProducerRecord<>(
                  TOPIC,
                  name,
                  PipelineConfigured.newBuilder()
                      .setPipeline(name)
                      .setInstructions("i")
                      .setDegradedInstructions("d")
                      .setMemoryMaxTurns(1)
                      .setMemoryMaxTokens(1)
                      .setUpdatedAt(Instant.now())
                      .build()))
          .get();
    }
  }
}
