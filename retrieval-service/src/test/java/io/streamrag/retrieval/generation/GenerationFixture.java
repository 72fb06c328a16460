package io.streamrag.retrieval.generation;

import dev.langchain4j.model.embedding.onnx.PoolingMode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.feed.FreshnessLog;
import io.streamrag.retrieval.feed.IndexFeed;
import io.streamrag.retrieval.feed.KnowledgeChanges;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.Searches;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.index.ChunkPayload;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.core.task.SyncTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * What the generation tests share: a real broker, the bundled model, a second real model (the same
 * network pooled by its CLS token: other vectors), a deterministic corpus of farming sentences and
 * queries over it, and generations wired as retrieval-service wires them.
 */
final class GenerationFixture {

  static final ExecutorService EXECUTOR = Executors.newFixedThreadPool(2);
  static final Embedder PRIMARY = OnnxEmbedder.bundledMiniLm(EXECUTOR);
  static final Embedder CLS = clsPooled();

  private static final String[] WORDS = {
    "drip",
    "irrigation",
    "wheat",
    "tomato",
    "nitrogen",
    "phosphorus",
    "potassium",
    "salinity",
    "moisture",
    "clay",
    "sandy",
    "loam",
    "root",
    "zone",
    "evapotranspiration",
    "rainfall",
    "fertilizer",
    "urea",
    "compost",
    "mulch",
    "pest",
    "aphid",
    "fungus",
    "blight",
    "harvest",
    "seedling",
    "germination",
    "pruning",
    "orchard",
    "pistachio",
    "saffron",
    "date",
    "palm",
    "greenhouse",
    "humidity",
    "temperature",
    "frost",
    "drought",
    "canal",
    "well",
    "pump",
    "sprinkler",
    "furrow",
    "yield",
    "leaf",
    "stem",
    "flower",
    "fruit",
    "soil",
    "ph",
    "organic",
    "matter",
    "crop",
    "rotation",
    "barley",
    "maize",
    "cotton",
    "alfalfa",
    "melon",
    "cucumber"
  };

  private GenerationFixture() {}

  /** {@code n} chunks of 12 to 30 words each, the same on every run. */
  static List<IndexChanged> corpus(String kb, int n, Embedder embedder) {
    var random = new Random(42);
    var changes = new ArrayList<IndexChanged>();
    for (int i = 0; i < n; i++) {
      changes.add(chunk(kb, kb + "-" + i, sentence(random, 12 + random.nextInt(19)), embedder));
    }
    return changes;
  }

  /** {@code n} queries of two or three words, the same on every run. */
  static List<String> queries(int n) {
    var random = new Random(7);
    var queries = new ArrayList<String>();
    for (int i = 0; i < n; i++) {
      queries.add(sentence(random, 2 + random.nextInt(2)));
    }
    return queries;
  }

  static String sentence(Random random, int words) {
    var text = new StringBuilder();
    for (int w = 0; w < words; w++) {
      text.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }

  static IndexChanged chunk(String kb, String id, String text, Embedder embedder) {
    var vector = new ArrayList<Float>();
    for (float f : embedder.embed(text)) {
      vector.add(f);
    }
    return IndexChanged.newBuilder()
        .setPointId(id)
        .setOp(IndexOp.UPSERT)
        .setVector(vector)
        .setEmbeddingModel(embedder.modelId())
        .setPayload(
            ChunkPayload.newBuilder()
                .setText(text)
                .setSource("field-guide.md")
                .setSensorUuid(Scopes.GLOBAL_SENSOR)
                .setKbName(kb)
                .setChunkIndex(0)
                .setDocId("field-guide")
                .setLanguage("en")
                .build())
        .setSourceReceivedAt(Instant.now())
        .setChangedAt(Instant.now())
        .build();
  }

  static void publish(LocalKafka kafka, List<IndexChanged> changes) {
    for (var c : changes) {
      kafka.publish(KnowledgeTopics.INDEX_CHANGES.name(), c.getPointId(), c);
    }
  }

  /** The ids of the best ten chunks, both legs fused, as the service searches. */
  static List<String> top10(IndexGenerations generations, String kb, String query) {
    return Searches.globalIds(
        generations.searchStore(), generations.queryEmbedder(), kb, query, 10, 1.0);
  }

  /** Generations over the index in {@code root}, wired as retrieval-service wires them. */
  static IndexGenerations open(
      LocalKafka kafka, Path root, Embedder next, ThreadPoolTaskScheduler scheduler) {
    var readers = TopicReaders.outsideSpring(kafka.bootstrapServers(), Duration.ofSeconds(5));
    readers.start();
    return new IndexGenerations(
        root,
        (dir, embedder) -> LuceneChunkStore.open(dir, embedder.dimension(), embedder.modelId()),
        (name, store, embedder, reembedder) ->
            new IndexFeed(
                readers,
                name,
                store,
                embedder.modelId(),
                reembedder,
                Duration.ofSeconds(1),
                new SyncTaskExecutor(),
                new SimpleMeterRegistry(),
                new FreshnessLog(1000),
                new KnowledgeChanges(Clock.systemUTC())),
        PRIMARY,
        next,
        scheduler,
        Clock.systemUTC());
  }

  static ThreadPoolTaskScheduler scheduler() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.initialize();
    return scheduler;
  }

  /** The bundled network read from files and pooled by its CLS token: a second, real model. */
  private static Embedder clsPooled() {
    try {
      Path dir = Files.createTempDirectory("cls-model");
      Path model = copy("/all-minilm-l6-v2-q.onnx", dir.resolve("model.onnx"));
      Path tokenizer = copy("/all-minilm-l6-v2-q-tokenizer.json", dir.resolve("tokenizer.json"));
      return OnnxEmbedder.fromFiles(
          model, tokenizer, "minilm-cls", 128, PoolingMode.CLS, Set.of("en"), EXECUTOR);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path copy(String resource, Path to) throws IOException {
    try (InputStream in = OnnxEmbedder.class.getResourceAsStream(resource)) {
      Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
    }
    return to;
  }
}
