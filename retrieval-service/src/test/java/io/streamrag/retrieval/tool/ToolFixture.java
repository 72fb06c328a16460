package io.streamrag.retrieval.tool;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.rerank.FusedOrderReranker;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalScopes;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * Two pipelines over a real Lucene index: croplogic (chat, irrigation, fertilization) and reference
 * (units), global knowledge and the own data of two sensors, and the tool as the service wires it,
 * with the bundled embedder, the local reranker and a bounded executor.
 */
final class ToolFixture implements AutoCloseable {

  static final String MINE = "550e8400-e29b-41d4-a716-446655440000";
  static final String OTHER = "6fa459ea-ee8a-3ca4-894e-db77e160355e";
  static final String USER = "farmer-1";
  static final Embedder EMBEDDER = OnnxEmbedder.bundledMiniLm(Runnable::run);
  static final RetrievalProperties.Search SEARCH =
      new RetrievalProperties.Search(
          7, 3, 60, 1.0, Map.of("en", 1.0, "fa", 0.0, "ar", 0.0, "default", 1.0));

  final LuceneChunkStore lucene = LuceneChunkStore.open(null, 384, EMBEDDER.modelId());
  final ThreadPoolTaskExecutor executor;
  final Map<String, List<KnowledgeBaseConfigured>> pipelines =
      Map.of(
          "croplogic",
          List.of(
              kb("irrigation", "croplogic", "Irrigation / آبیاری"),
              kb("chat", "croplogic", ""),
              kb("fertilization", "croplogic", "Fertilization / کوددهی")),
          "reference",
          List.of(kb("units", "reference", "Units")));

  ToolFixture() {
    this(4, 16);
  }

  ToolFixture(int threads, int queue) {
    executor = new ThreadPoolTaskExecutor();
    executor.setCorePoolSize(threads);
    executor.setMaxPoolSize(threads);
    executor.setQueueCapacity(queue);
    executor.setThreadNamePrefix("knowledge-search-");
    executor.initialize();
    chunk("irr-drip", "Drip irrigation brings water to the roots and saves water.", "irrigation");
    chunk("irr-dawn", "Irrigate at dawn so less irrigation water evaporates.", "irrigation");
    chunk("irr-wind", "Sprinkler irrigation loses water to wind.", "irrigation");
    chunk(
        "fert-split",
        "Split nitrogen fertilizer so irrigation water does not wash it out.",
        "fertilization");
    chunk(
        "fert-roots",
        "Potassium fertilizer helps roots take up water in drought.",
        "fertilization");
    chunk("chat-hello", "Hello, I am the CropLogic assistant.", "chat");
    chunk("units-percent", "Soil moisture is given in percent; irrigation water in mm.", "units");
    own(
        "mine-soil",
        MINE,
        "Your sensor: soil moisture 30 percent, irrigation water needed soon.",
        "__all__");
    own(
        "other-soil",
        OTHER,
        "Sensor " + OTHER + ": soil moisture 12.5 percent, irrigation water needed.",
        "__all__");
    own(
        "other-plan",
        OTHER,
        "Private irrigation water plan of " + OTHER + ": 12.5 mm on Mondays.",
        "irrigation");
    lucene.refresh();
  }

  /** The tool over the plain Lucene store. */
  KnowledgeTool tool() {
    return tool(lucene, Duration.ofSeconds(10));
  }

  /** The tool over {@code store}, waiting for a call's KBs at most {@code kbTimeout}. */
  KnowledgeTool tool(ChunkStore store, Duration kbTimeout) {
    return new KnowledgeTool(
        pipeline -> pipelines.getOrDefault(pipeline, List.of()),
        store,
        new PipelineSearch(SEARCH, Map.of(), EMBEDDER),
        new FusedOrderReranker(),
        executor,
        kbTimeout,
        Clock.systemUTC());
  }

  static KnowledgeToolCalled list(String sensor) {
    return call(sensor, KnowledgeAction.LIST).build();
  }

  static KnowledgeToolCalled query(String sensor, List<String> kbIds, String text, int topK) {
    return call(sensor, KnowledgeAction.QUERY)
        .setKbIds(kbIds)
        .setQueryText(text)
        .setTopK(topK)
        .build();
  }

  static KnowledgeToolCalled.Builder call(String sensor, KnowledgeAction action) {
    return KnowledgeToolCalled.newBuilder()
        .setCallId("call-" + UUID.randomUUID())
        .setScope(RetrievalScopes.of(chat(sensor, "croplogic")))
        .setAction(action)
        .setRequestedAt(Instant.now());
  }

  static ChatRequested chat(String sensor, String pipeline) {
    return ChatRequested.newBuilder()
        .setRequestId("req-" + UUID.randomUUID())
        .setConversationId("conv-1")
        .setUserId(USER)
        .setSensorUuid(sensor)
        .setPipeline(pipeline)
        .setMessage("how should I water?")
        .setLanguage("en")
        .setRequestedAt(Instant.now())
        .build();
  }

  @Override
  public void close() {
    executor.shutdown();
    lucene.close();
  }

  private void chunk(String id, String text, String kb) {
    own(id, "__global__", text, kb);
  }

  private void own(String id, String sensor, String text, String kb) {
    lucene.upsert(
        new StoredChunk(
            id, text, "kb/" + id + ".md", sensor, kb, 0, "doc-" + id, "en", EMBEDDER.embed(text)));
  }

  private static KnowledgeBaseConfigured kb(String name, String pipeline, String displayName) {
    return new KnowledgeBaseConfigured(
        name,
        pipeline,
        "what " + name + " knows",
        "tone of " + name,
        List.of("fa", "en"),
        Instant.EPOCH,
        displayName,
        List.of(pipeline),
        "",
        java.util.Map.of(),
        java.util.Map.of(),
        List.of(),
        "");
  }
}
