package io.streamrag.retrieval;

import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.index.ChunkPayload;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * retrieval-service alone against a real broker, seeded once for every service test: the croplogic
 * pipeline's three KBs, global chunks, each of two sensors' own data and snapshot. The service
 * tests share this one Spring context; each plays a caller with the same request/reply client as
 * llm-service.
 */
@SpringBootTest(
    classes = RetrievalApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = RetrievalApplication.CONFIG_NAME)
abstract class ServiceOnBroker {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String MINE = "550e8400-e29b-41d4-a716-446655440000";
  static final String OTHER = "6fa459ea-ee8a-3ca4-894e-db77e160355e";
  static final Duration WAIT = Duration.ofSeconds(20);
  private static boolean seeded;

  @Autowired Embedder embedder;
  @Autowired ChunkStore store;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  @BeforeEach
  void seed() {
    if (seeded) {
      return;
    }
    for (String kb : List.of("chat", "irrigation", "fertilization")) {
      KAFKA.publish(
          KnowledgeTopics.KB_CONFIGS.name(),
          kb,
          new KnowledgeBaseConfigured(
              kb,
              "croplogic",
              kb,
              "tone of " + kb,
              List.of("fa", "en"),
              Instant.EPOCH,
              kb,
              List.of("croplogic"),
              "",
              java.util.Map.of(),
              java.util.Map.of(),
              List.of(),
              ""));
    }
    chunk(
        "g-irr-fa",
        "رطوبت خاک را با حسگر اندازه بگیرید و زیر ظرفیت زراعی آبیاری کنید.",
        "__global__",
        "irrigation",
        "fa");
    chunk(
        "g-irr-en",
        "Irrigate when soil moisture falls below half of the available water.",
        "__global__",
        "irrigation",
        "en");
    chunk(
        "g-fert-fa",
        "کود نیتروژن را در دو نوبت بدهید تا رطوبت خاک آن را نشوید.",
        "__global__",
        "fertilization",
        "fa");
    chunk("mine-fa", "آخرین داده‌های خاک حسگر شما: رطوبت خاک 30 درصد.", MINE, "__all__", "fa");
    chunk(
        "other-fa",
        "آخرین داده‌های خاک حسگر " + OTHER + ": رطوبت خاک 12.5 درصد.",
        OTHER,
        "__all__",
        "fa");
    KAFKA.publish(SensorTopics.SENSOR_SNAPSHOTS.name(), MINE, snapshot(MINE, "رطوبت خاک 30 درصد"));
    KAFKA.publish(
        SensorTopics.SENSOR_SNAPSHOTS.name(), OTHER, snapshot(OTHER, "رطوبت خاک 12.5 درصد"));
    await().atMost(WAIT).until(() -> store.size() == 5);
    seeded = true;
  }

  /** An authenticated croplogic chat request of {@code sensor}'s owner, in Persian. */
  static ChatRequested chat(String sensor, String question) {
    return ChatRequested.newBuilder()
        .setRequestId(UUID.randomUUID().toString())
        .setConversationId("c")
        .setUserId("u")
        .setSensorUuid(sensor)
        .setPipeline("croplogic")
        .setMessage(question)
        .setLanguage("fa")
        .setRequestedAt(Instant.now())
        .build();
  }

  private void chunk(String id, String text, String sensor, String kb, String language) {
    var vector = new ArrayList<Float>();
    for (float v : embedder.embed(text)) {
      vector.add(v);
    }
    KAFKA.publish(
        KnowledgeTopics.INDEX_CHANGES.name(),
        id,
        IndexChanged.newBuilder()
            .setPointId(id)
            .setOp(IndexOp.UPSERT)
            .setVector(vector)
            .setEmbeddingModel(embedder.modelId())
            .setPayload(new ChunkPayload(text, "src/" + id, sensor, kb, 0, "doc-" + id, language))
            .setSourceReceivedAt(Instant.now())
            .setChangedAt(Instant.now())
            .build());
  }

  private static SensorSnapshotUpdated snapshot(String sensor, String fa) {
    return SensorSnapshotUpdated.newBuilder()
        .setSensorUuid(sensor)
        .setVersion(1)
        .setLastEventId("e")
        .setMeasuredAt(Instant.now())
        .setReceivedAt(Instant.now())
        .setTextEn("en")
        .setTextFa(fa)
        .build();
  }
}
