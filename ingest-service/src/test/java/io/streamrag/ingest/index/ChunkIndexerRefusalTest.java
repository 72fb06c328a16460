package io.streamrag.ingest.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.ingest.IngestProperties;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Index changes the broker refused are sent again by the next call for their source, though the
 * manifest was already written through to this instance's view. Before, the retry compared with
 * that manifest, found nothing changed and sent nothing: the index kept the old chunks for good.
 */
class ChunkIndexerRefusalTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static TopicReaders readers;
  static TopicView<ChunkManifest> manifests;
  static DefaultKafkaProducerFactory<String, Object> accepting;
  static ChunkIndexer indexer;

  @BeforeAll
  static void start() {
    readers = TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5));
    manifests =
        TopicView.followVersioned(
                readers,
                KnowledgeTopics.INGEST_MANIFESTS.name(),
                ChunkManifest.class,
                ChunkManifest::getVersion)
            .caughtUpWithin(Duration.ofSeconds(30));
    accepting = producers();
    indexer =
        new ChunkIndexer(
            OnnxEmbedder.bundledMiniLm(Runnable::run),
            manifests,
            Clock.systemUTC(),
            new IngestProperties(null, 16, null, null, null, null, null, 1));
  }

  @AfterAll
  static void stop() {
    manifests.close();
    readers.stop();
    accepting.destroy();
  }

  @Test
  void refusedChangesAreSentAgainAndTheChunksTheyReplacedDeleted() {
    String source = "kb/doc-" + UUID.randomUUID();
    indexed(source, drafts(source, "Drip irrigation", "Sandy soil", "Clay soil"));

    // when the next version, one chunk shorter and one chunk changed, reaches the broker, which
    // takes its manifest and refuses its index changes (larger than the topic then allows)
    var next = drafts(source, "Drip irrigation", "Sandy loam");
    var refused = new TopicWriter(new KafkaTemplate<>(accepting)).batch();
    KAFKA.maxMessageBytes(KnowledgeTopics.INDEX_CHANGES.name(), 512);
    try {
      indexer.index(source, next, Instant.now(), refused);
      assertThatThrownBy(refused::await).hasMessageContaining("Kafka refused a record");
    } finally {
      KAFKA.maxMessageBytes(KnowledgeTopics.INDEX_CHANGES.name(), -1);
    }
    assertThat(indexer.version(source)).isEqualTo(Long.MIN_VALUE);

    // then the same version, indexed again, reaches the index whole: upserts and the delete
    long again = System.currentTimeMillis();
    var result = indexed(source, next);
    assertThat(result.embedded()).isEqualTo(2);
    assertThat(result.deleted()).isEqualTo(1);
    assertThat(changesSince(source, again, 3))
        .containsEntry(Ids.of(source, "0"), IndexOp.UPSERT)
        .containsEntry(Ids.of(source, "1"), IndexOp.UPSERT)
        .containsEntry(Ids.of(source, "2"), IndexOp.DELETE);
    // and once accepted, an unchanged source costs nothing again
    assertThat(indexed(source, next).embedded()).isZero();
    assertThat(indexer.version(source)).isPositive();
  }

  private static ChunkIndexer.Result indexed(String source, List<ChunkDraft> drafts) {
    var out = new TopicWriter(new KafkaTemplate<>(accepting)).batch();
    var result = indexer.index(source, drafts, Instant.now(), out);
    out.await();
    return result;
  }

  private static List<ChunkDraft> drafts(String source, String... texts) {
    return java.util.Arrays.stream(texts)
        .map(t -> new ChunkDraft(t, "", t, source, "__global__", "soil", source, "en"))
        .toList();
  }

  /** The op of each of the source's points on the index since {@code fromMillis}. */
  private static Map<String, IndexOp> changesSince(String source, long fromMillis, int expected) {
    Set<String> points = Set.of(Ids.of(source, "0"), Ids.of(source, "1"), Ids.of(source, "2"));
    try (var index =
        new TopicProbe(
            KAFKA.bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name(), fromMillis)) {
      var seen = new java.util.ArrayList<TopicProbe.Received>();
      while (seen.size() < expected) {
        seen.add(index.await(r -> points.contains(r.key()), Duration.ofSeconds(20)));
      }
      return seen.stream()
          .collect(
              Collectors.toMap(
                  TopicProbe.Received::key, r -> ((IndexChanged) r.value()).getOp(), (a, b) -> b));
    }
  }

  private static DefaultKafkaProducerFactory<String, Object> producers() {
    return new DefaultKafkaProducerFactory<String, Object>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()),
        new StringSerializer(),
        (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
  }
}
