package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.KnowledgeTopics;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A service's start checks the catalogue's topics on a real broker that has none of them yet. */
class CatalogueTopicsTest {

  static final LocalKafka KAFKA = start();
  static final KafkaClients CLIENTS =
      TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(1)).clients();

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aTopicThatAppearsWhileTheStartWaitsIsAccepted() throws Exception {
    var spec = KnowledgeTopics.KB_CONFIGS;
    var check =
        CompletableFuture.supplyAsync(
            () -> CatalogueTopics.settled(CLIENTS, List.of(spec), Duration.ofSeconds(30)));
    // the check finds the topic missing and keeps waiting for it
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(2))
        .until(() -> !check.isDone());
    KAFKA.createTopics(List.of(spec)); // as the broker's own set-up, or the owner, would

    assertThat(check.get(25, TimeUnit.SECONDS)).isEmpty();
  }

  @Test
  void aTopicThatDiffersFromTheCatalogueIsNamedWithoutWaiting() throws Exception {
    var spec = KnowledgeTopics.KB_DOCUMENTS;
    try (var admin =
        Admin.create(
            java.util.Map.<String, Object>of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
      admin
          .createTopics(
              List.of(new NewTopic(spec.name(), 1, (short) 1).configs(spec.topicConfig())))
          .all()
          .get();
    }
    assertThat(spec.partitions()).isNotEqualTo(1);

    var problems =
        CompletableFuture.supplyAsync(
                () -> CatalogueTopics.settled(CLIENTS, List.of(spec), Duration.ofSeconds(30)))
            .get(CatalogueTopics.MISSING_WAIT.toSeconds() / 2, TimeUnit.SECONDS);

    assertThat(problems)
        .singleElement()
        .asString()
        .contains(spec.name() + " has 1 partitions, the catalogue " + spec.partitions());
  }

  private static LocalKafka start() {
    try {
      return LocalKafka.start(Files.createTempDirectory("kafka-catalogue"), 0);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
