package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class TopicViewTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final String TOPIC = KnowledgeTopics.KB_CONFIGS.name();
  static final TopicReaders READERS =
      TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(1));

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void loadSeesTheLatestValuePerKeyAndForgetsTombstones() throws Exception {
    try (var producer = producer()) {
      producer.send(new ProducerRecord<>(TOPIC, "irrigation", kb("irrigation", "v1"))).get();
      producer.send(new ProducerRecord<>(TOPIC, "irrigation", kb("irrigation", "v2"))).get();
      producer.send(new ProducerRecord<>(TOPIC, "old", kb("old", "v1"))).get();
      producer.send(new ProducerRecord<>(TOPIC, "old", null)).get();
    }

    var view =
        TopicView.load(READERS, TOPIC, KnowledgeBaseConfigured.class, Duration.ofSeconds(20));

    assertThat(view.get("irrigation"))
        .get()
        .extracting(KnowledgeBaseConfigured::getTone)
        .isEqualTo("v2");
    assertThat(view.get("old")).isEmpty();
  }

  @Test
  void followingSeesValuesWrittenAfterItStarted() throws Exception {
    var changes = new CopyOnWriteArrayList<String>();
    try (var view =
            TopicView.follow(
                READERS, TOPIC, KnowledgeBaseConfigured.class, (k, v) -> changes.add(k));
        var producer = producer()) {
      assertThat(view.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();

      producer
          .send(new ProducerRecord<>(TOPIC, "fertilization", kb("fertilization", "fresh")))
          .get();

      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () -> view.get("fertilization").map(KnowledgeBaseConfigured::getTone).orElse(""),
              "fresh"::equals);
      assertThat(changes).contains("fertilization");
    }
  }

  @Test
  void aViewWhoseReadersAreStoppedAndStartedAgainFollowsItsTopicAgain() throws Exception {
    var readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(1));
    try (var view = TopicView.follow(readers, TOPIC, KnowledgeBaseConfigured.class, (k, v) -> {});
        var producer = producer()) {
      assertThat(view.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();

      // a context stopped and started again (a test context paused while another ran)
      readers.stop();
      producer.send(new ProducerRecord<>(TOPIC, "paused", kb("paused", "meanwhile"))).get();
      readers.start();

      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () -> view.get("paused").map(KnowledgeBaseConfigured::getTone).orElse(""),
              "meanwhile"::equals);
      producer.send(new ProducerRecord<>(TOPIC, "paused", kb("paused", "after"))).get();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () -> view.get("paused").map(KnowledgeBaseConfigured::getTone).orElse(""),
              "after"::equals);
    } finally {
      readers.stop();
    }
  }

  @Test
  void aVersionedViewNeverLetsAnOlderRecordReplaceTheWritersNewerState() throws Exception {
    String topic = KnowledgeTopics.INGEST_MANIFESTS.name();
    try (var view =
            TopicView.followVersioned(
                READERS, topic, ChunkManifest.class, ChunkManifest::getVersion);
        var producer = producer()) {
      assertThat(view.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      view.update("doc", manifest(3));

      producer.send(new ProducerRecord<>(topic, "doc", manifest(2))).get();
      producer.send(new ProducerRecord<>(topic, "other", manifest(1))).get();

      await().atMost(Duration.ofSeconds(10)).until(() -> view.get("other").isPresent());
      assertThat(view.get("doc")).get().extracting(ChunkManifest::getVersion).isEqualTo(3L);
    }
  }

  @Test
  void afterCatchingUpAKeyWrittenBeforeTheCallIsInTheView() throws Exception {
    try (var view = TopicView.follow(READERS, TOPIC, KnowledgeBaseConfigured.class, (k, v) -> {});
        var producer = producer()) {
      assertThat(view.awaitCaughtUp(Duration.ofSeconds(20))).isTrue();
      producer.send(new ProducerRecord<>(TOPIC, "just-written", kb("just-written", "t"))).get();

      assertThat(view.catchUp(Duration.ofSeconds(10))).isTrue();

      assertThat(view.get("just-written")).isPresent();
    }
  }

  private static ChunkManifest manifest(long version) {
    return new ChunkManifest("doc", version, "m/1", List.of(), Instant.EPOCH);
  }

  private static KafkaProducer<String, Object> producer() {
    var serializer = new AvroSerializer();
    return new KafkaProducer<>(
        Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
        new StringSerializer(),
        (topic, value) ->
            serializer.serialize(topic, (org.apache.avro.specific.SpecificRecord) value));
  }

  private static KnowledgeBaseConfigured kb(String name, String tone) {
    return new KnowledgeBaseConfigured(
        name,
        "croplogic",
        "d",
        tone,
        List.of("en"),
        Instant.EPOCH,
        name,
        List.of("croplogic"),
        "",
        java.util.Map.of(),
        java.util.Map.of(),
        List.of(),
        "");
  }
}
