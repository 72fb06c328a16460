package io.streamrag.retrieval;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.EmbeddingProperties;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.feed.FreshnessEndpoint;
import io.streamrag.retrieval.feed.FreshnessLog;
import io.streamrag.retrieval.feed.IndexFeed;
import io.streamrag.retrieval.feed.KnowledgeChanges;
import io.streamrag.retrieval.generation.IndexGenerations;
import io.streamrag.retrieval.rerank.FallbackReranker;
import io.streamrag.retrieval.rerank.FusedOrderReranker;
import io.streamrag.retrieval.rerank.RerankApiReranker;
import io.streamrag.retrieval.rerank.RerankProperties;
import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.route.KbRouter;
import io.streamrag.retrieval.search.KbFusion;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.GuardedChunkStore;
import io.streamrag.retrieval.store.LuceneChunkStore;
import io.streamrag.retrieval.store.qdrant.QdrantChunkStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.TaskExecutor;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import tools.jackson.databind.json.JsonMapper;

/** The Kafka handler (one call into the pipeline) and the stages it uses. */
@Configuration(proxyBeanMethods = false)
class RetrievalWiring {

  private static final Logger log = LoggerFactory.getLogger(RetrievalWiring.class);

  /**
   * The least cosine similarity between an English question and a KB description for routing by
   * meaning; below it, routing is unsure and searches every KB of the pipeline.
   */
  private static final double ROUTING_MIN_COSINE = 0.2;

  /** How a pipeline searches: its candidate counts and fusion weights; the chat and the tool's. */
  @Bean
  PipelineSearch pipelineSearch(
      RetrievalProperties properties,
      IndexGenerations generations,
      KbFusion kbFusion,
      @Qualifier("questionEmbedding") ThreadPoolTaskExecutor questionEmbedding) {
    return new PipelineSearch(
        properties.search(),
        properties.pipelines(),
        generations.queryEmbedder(),
        kbFusion,
        questionEmbedding);
  }

  @Bean
  RetrievalSteps retrievalSteps(
      ChunkStore store,
      Embedder embedder,
      Reranker reranker,
      LiveState live,
      RetrievalProperties properties,
      PipelineSearch search) {
    return new RetrievalSteps(
        // routing compares questions and KB descriptions, both embedded by the start-up model
        new KbRouter(properties.routing(), embedder, ROUTING_MIN_COSINE),
        store,
        reranker,
        live,
        search,
        Clock.systemUTC());
  }

  /**
   * Where a question is embedded while the store runs its lexical leg ({@code FusionPolicy}): two
   * threads, started and stopped by Spring. When both are busy and eight questions wait, the next
   * one is embedded on its caller's thread, before its search, as without this executor.
   */
  @Bean
  ThreadPoolTaskExecutor questionEmbedding() {
    var executor = new ThreadPoolTaskExecutor();
    executor.setCorePoolSize(2);
    executor.setMaxPoolSize(2);
    executor.setQueueCapacity(8);
    executor.setThreadNamePrefix("question-embedding-");
    executor.setRejectedExecutionHandler(
        new java.util.concurrent.ThreadPoolExecutor.CallerRunsPolicy());
    // the Kafka listener stops after context close begins: chats it still answers may search
    executor.setAcceptTasksAfterContextClose(true);
    return executor;
  }

  /** Searches before readiness (health {@code warmUp}). */
  @Bean
  RetrievalWarmUp retrievalWarmUp(
      RetrievalSteps steps, IndexGenerations generations, LiveState live) {
    return new RetrievalWarmUp(steps, generations, live, Clock.systemUTC());
  }

  /**
   * The serving generation's store, its searches bounded by {@code retrieval.search-timeout}: a
   * store down or too slow gives a degraded context (S0.6), never a hung or invented answer.
   */
  @Bean(destroyMethod = "close")
  GuardedChunkStore chunkStore(
      IndexGenerations generations,
      @Value("${retrieval.search-timeout:2s}") java.time.Duration searchTimeout) {
    return new GuardedChunkStore(generations.searchStore(), searchTimeout, 4);
  }

  /** Opens the store {@code retrieval.store} names for one generation. */
  static IndexGenerations.StoreOpener storeOpener(RetrievalProperties properties) {
    if (properties.store() == RetrievalProperties.Store.QDRANT) {
      var q = properties.qdrant();
      return new IndexGenerations.StoreOpener() {
        public ChunkStore open(Path directory, Embedder embedder) {
          return QdrantChunkStore.open(
              QdrantChunkStore.connect(q.host(), q.port(), q.apiKey(), q.useTls()),
              q.collection(),
              embedder.dimension(),
              embedder.modelId(),
              q.newGeneration());
        }

        public boolean buildsGenerations() {
          return false;
        }
      };
    }
    return (directory, embedder) ->
        LuceneChunkStore.open(directory, embedder.dimension(), embedder.modelId());
  }

  /**
   * The index's generations: the current one opened and followed, start-up waiting up to its
   * timeout until it has caught up with index.changes.
   */
  @Bean(destroyMethod = "close")
  IndexGenerations indexGenerations(
      TopicReaders readers,
      Embedder embedder,
      RetrievalProperties properties,
      MeterRegistry meters,
      FreshnessLog freshnessLog,
      @Qualifier("indexCheckpointer") TaskExecutor checkpointer,
      @Qualifier("indexScheduler") TaskScheduler scheduler,
      @Qualifier("embeddingExecutor") ExecutorService embeddingExecutor,
      KnowledgeChanges knowledgeChanges,
      Environment environment)
      throws InterruptedException {
    String path = properties.indexPath();
    var generations =
        new IndexGenerations(
            path == null || path.isBlank() ? null : Path.of(path),
            storeOpener(properties),
            (name, store, model, reembedder) ->
                new IndexFeed(
                    readers,
                    name,
                    store,
                    model.modelId(),
                    reembedder,
                    properties.checkpointEvery(),
                    checkpointer,
                    meters,
                    freshnessLog,
                    knowledgeChanges),
            embedder,
            nextEmbedder(environment, embeddingExecutor),
            scheduler,
            Clock.systemUTC());
    if (!generations.feed().awaitCaughtUp(properties.startupTimeout())) {
      log.warn(
          "the index has not caught up with index.changes after {}; answering anyway",
          properties.startupTimeout());
    }
    return generations;
  }

  /**
   * The model a re-embedding moves the index to ({@code embedding-next.*}, the keys of {@code
   * embedding.*}), or {@code null} when its provider is {@code none}.
   */
  static Embedder nextEmbedder(Environment environment, ExecutorService executor) {
    String provider = environment.getProperty("embedding-next.provider", "none");
    if (provider.isBlank() || provider.equalsIgnoreCase("none")) {
      return null;
    }
    return Binder.get(environment)
        .bind("embedding-next", EmbeddingProperties.class)
        .map(next -> next.embedder(executor))
        .orElse(null);
  }

  /** Polls builds and retires old generations: one thread, started and stopped by Spring. */
  @Bean
  ThreadPoolTaskScheduler indexScheduler() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("index-generations-");
    return scheduler;
  }

  /**
   * Where the index feed commits its checkpoints: one thread, started and stopped by Spring, which
   * lets a running checkpoint finish at shutdown.
   */
  @Bean
  ThreadPoolTaskExecutor indexCheckpointer() {
    var executor = new ThreadPoolTaskExecutor();
    executor.setCorePoolSize(1);
    executor.setMaxPoolSize(1);
    executor.setQueueCapacity(1);
    executor.setThreadNamePrefix("index-checkpoint-");
    executor.setWaitForTasksToCompleteOnShutdown(true);
    executor.setAwaitTerminationSeconds(30);
    return executor;
  }

  @Bean(destroyMethod = "close")
  LiveState liveState(TopicReaders readers, RetrievalProperties properties) {
    return new LiveState(readers, properties.startupTimeout());
  }

  /** Which KBs' global knowledge the index feeds changed: what the fusion calibration renews. */
  @Bean
  KnowledgeChanges knowledgeChanges() {
    return new KnowledgeChanges(Clock.systemUTC());
  }

  /** The last 100,000 changes made searchable, for the freshness benchmark. */
  @Bean
  FreshnessLog freshnessLog() {
    return new FreshnessLog(100_000);
  }

  @Bean
  FreshnessEndpoint freshnessEndpoint(FreshnessLog log) {
    return new FreshnessEndpoint(log);
  }

  /**
   * The local reranker (a cross-encoder the user supplies, with the fused order behind it, or the
   * fused order alone), or a rerank API with the local one behind it (S0.4).
   */
  @Bean
  Reranker reranker(RerankProperties rerank, JsonMapper json) {
    Reranker local = new FusedOrderReranker();
    if (rerank.onnx().enabled()) {
      log.info("reranking locally with the cross-encoder {}", rerank.onnx().modelPath());
      local = new FallbackReranker(rerank.onnx().load(), local);
    }
    if (!rerank.remote()) {
      return local;
    }
    log.info("reranking with {} at {}", rerank.model(), rerank.baseUrl());
    return new FallbackReranker(
        new RerankApiReranker(
            rerank.baseUrl(), rerank.apiKey(), rerank.model(), rerank.timeout(), json),
        local);
  }

  /** Ready once the index has caught up with the topic. */
  @Bean
  HealthIndicator index(IndexGenerations generations, GuardedChunkStore store) {
    return () -> {
      var feed = generations.feed();
      return (!feed.isFollowing()
              ? Health.down()
              : feed.isCaughtUp() ? Health.up() : Health.outOfService())
          .withDetail("chunks", store.size())
          .withDetail("caughtUp", feed.isCaughtUp())
          .withDetail("failedSearchesInARow", store.failuresInARow())
          .build();
    };
  }
}
