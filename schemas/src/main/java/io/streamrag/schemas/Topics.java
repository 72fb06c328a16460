package io.streamrag.schemas;

import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.advice.RecommendationRequested;
import io.streamrag.schemas.advice.RecommendationState;
import io.streamrag.schemas.auth.ApiKeyIssued;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerLoadReported;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import io.streamrag.schemas.chat.ConversationStarted;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.chat.StreamLoadReported;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import io.streamrag.schemas.sensor.DeviceRegistered;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.StationLinked;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import io.streamrag.schemas.weather.WeatherObserved;
import java.util.List;
import java.util.Map;

/**
 * The topic catalogue: every topic of the platform, with its one writer. Services bind to these
 * names in their {@code <service>.yml}; each service creates the topics it writes from here and
 * checks the ones it reads (platform-kit's {@code CatalogueTopics}), and the local broker creates
 * them all.
 */
public final class Topics {

  /** Dead-letter topic by source topic; filled as the dead-letter topics below are declared. */
  private static final Map<String, TopicSpec> DEAD_LETTERS = new java.util.HashMap<>();

  private static final String HOUR_MS = "3600000";
  private static final String DAY_MS = "86400000";
  private static final String WEEK_MS = "604800000";
  private static final String MONTH_MS = "2592000000";

  /**
   * The most a rejects or dead-letter partition keeps (256 MiB): what is kept for a month must not
   * be able to fill the broker's disk, whoever sends it; the oldest goes first.
   */
  static final String KEPT_BYTES_PER_PARTITION = "268435456";

  public static final TopicSpec SENSOR_READINGS =
      new TopicSpec(
          "sensor.readings",
          SensorReadingReceived.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", WEEK_MS));

  public static final TopicSpec READINGS_REJECTED =
      new TopicSpec(
          "sensor.readings.rejected",
          ReadingRejected.class,
          "sensor_uuid, or station_id for a weather observation, or device_id when neither is known",
          "sensor-bridge",
          List.of("operators (replay after a fix)"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", MONTH_MS, "retention.bytes", KEPT_BYTES_PER_PARTITION));

  public static final TopicSpec DEVICE_REGISTRY =
      new TopicSpec(
          "device.registry",
          DeviceRegistered.class,
          "device_id",
          "sensor-bridge",
          List.of("sensor-bridge"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  public static final TopicSpec SENSOR_PROFILES =
      new TopicSpec(
          "sensor.profiles",
          SensorProfileUpdated.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service", "sensor-bridge (forecast poller)"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  public static final TopicSpec SENSOR_FORECASTS =
      new TopicSpec(
          "sensor.forecasts",
          ForecastUpdated.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  /** The weather stations allowed to publish, with where they stand and their token's hash. */
  public static final TopicSpec WEATHER_STATIONS =
      new TopicSpec(
          "weather.stations",
          StationRegistered.class,
          "station_id",
          "sensor-bridge",
          List.of("sensor-bridge (every replica)", "ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  public static final TopicSpec WEATHER_OBSERVATIONS =
      new TopicSpec(
          "weather.observations",
          WeatherObserved.class,
          "station_id",
          "sensor-bridge",
          List.of("ingest-service"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", MONTH_MS));

  /**
   * Which station each field follows. Partitioned as the sensor topics, so a sensor's link reaches
   * the ingest consumer that folds its readings.
   */
  public static final TopicSpec WEATHER_LINKS =
      new TopicSpec(
          "weather.links",
          StationLinked.class,
          "sensor_uuid",
          "sensor-bridge",
          List.of("ingest-service", "sensor-bridge (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  /** Each station's days, folded from its observations, with FAO-56 ET0. */
  public static final TopicSpec WEATHER_DAYS =
      new TopicSpec(
          "weather.days",
          WeatherDayObserved.class,
          "station_id/date",
          "ingest-service",
          List.of("ingest-service", "sensor-bridge (GET /api/stations/{id}/days)"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  public static final TopicSpec SENSOR_SNAPSHOTS =
      new TopicSpec(
          "sensor.snapshots",
          SensorSnapshotUpdated.class,
          "sensor_uuid",
          "ingest-service",
          List.of("retrieval-service", "llm-service", "gateway-service"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  public static final TopicSpec KB_DOCUMENTS =
      new TopicSpec(
          "kb.documents",
          KnowledgeDocumentPublished.class,
          "doc_id",
          "ingest-service",
          List.of("ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  public static final TopicSpec KB_CONFIGS =
      new TopicSpec(
          "kb.configs",
          KnowledgeBaseConfigured.class,
          "kb_name",
          "ingest-service",
          List.of("retrieval-service", "llm-service"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  public static final TopicSpec INDEX_CHANGES =
      new TopicSpec(
          "index.changes",
          IndexChanged.class,
          "point_id",
          "ingest-service",
          List.of("retrieval-service"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  public static final TopicSpec INGEST_MANIFESTS =
      new TopicSpec(
          "ingest.manifests",
          ChunkManifest.class,
          "source_id",
          "ingest-service",
          List.of("ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  /**
   * Keyed by conversation: a conversation's turns share a partition, so one consumer answers them
   * in order and each sees the turns before it.
   */
  public static final TopicSpec CHAT_REQUESTS =
      new TopicSpec(
          "chat.requests",
          ChatRequested.class,
          "conversation_id",
          "gateway-service",
          List.of("llm-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", DAY_MS));

  /** Requests of a request/reply pair: llm-service asks, retrieval-service searches. */
  public static final TopicSpec RETRIEVAL_REQUESTS =
      new TopicSpec(
          "retrieval.requests",
          RetrievalRequested.class,
          "call_id",
          "llm-service",
          List.of("retrieval-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", DAY_MS));

  /**
   * Replies of a request/reply pair: every llm-service replica reads them all and keeps the ones it
   * asked for (correlation id header). Short-lived: a reply is useless after its call timed out.
   */
  public static final TopicSpec RETRIEVAL_REPLIES =
      new TopicSpec(
          "retrieval.replies",
          ContextRetrieved.class,
          "call_id",
          "retrieval-service",
          List.of("llm-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", HOUR_MS));

  /** The model's query_knowledge calls (S2): llm-service asks, retrieval-service searches. */
  public static final TopicSpec KNOWLEDGE_REQUESTS =
      new TopicSpec(
          "knowledge.requests",
          KnowledgeToolCalled.class,
          "call_id",
          "llm-service",
          List.of("retrieval-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", DAY_MS));

  public static final TopicSpec KNOWLEDGE_REPLIES =
      new TopicSpec(
          "knowledge.replies",
          KnowledgeToolAnswered.class,
          "call_id",
          "retrieval-service",
          List.of("llm-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", HOUR_MS));

  public static final TopicSpec CHAT_ANSWERS =
      new TopicSpec(
          "chat.answers",
          AnswerEvent.class,
          "request_id",
          "llm-service",
          List.of("gateway-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", DAY_MS));

  /**
   * What became of each chat's HTTP stream: opened (and by whom), resumed with Last-Event-ID, or
   * cancelled because its caller left. Every gateway replica follows it (who may resume a stream; a
   * resume on one replica stops another's pending cancel); every llm-service replica stops
   * answering a cancelled request. Short-lived: a stream can be resumed only for minutes.
   */
  public static final TopicSpec CHAT_STREAMS =
      new TopicSpec(
          "chat.streams",
          ChatStreamChanged.class,
          "request_id",
          "gateway-service",
          List.of("gateway-service (every replica)", "llm-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", HOUR_MS));

  /**
   * How full each llm-service instance's budget of answers is: the gateway refuses a new chat at
   * once (503) when every instance is full, instead of letting it wait out its timeout.
   */
  public static final TopicSpec LLM_LOAD =
      new TopicSpec(
          "llm.load",
          AnswerLoadReported.class,
          "instance",
          "llm-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of("min.compaction.lag.ms", "0", "segment.ms", HOUR_MS));

  /**
   * Each gateway replica's chats in flight by API key: every replica adds them up, so a key's limit
   * of answers in flight holds across replicas.
   */
  public static final TopicSpec GATEWAY_LOAD =
      new TopicSpec(
          "gateway.load",
          StreamLoadReported.class,
          "instance",
          "gateway-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of("min.compaction.lag.ms", "0", "segment.ms", HOUR_MS));

  /** Who owns each conversation: only its owner may continue, read or erase it. */
  public static final TopicSpec CHAT_CONVERSATIONS =
      new TopicSpec(
          "chat.conversations",
          ConversationStarted.class,
          "conversation_id",
          "gateway-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  /** The gateway asks llm-service, which keeps the turns, to list or erase a conversation. */
  public static final TopicSpec CONVERSATION_REQUESTS =
      new TopicSpec(
          "conversation.requests",
          ConversationRequested.class,
          "call_id",
          "gateway-service",
          List.of("llm-service"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", DAY_MS));

  public static final TopicSpec CONVERSATION_REPLIES =
      new TopicSpec(
          "conversation.replies",
          ConversationAnswered.class,
          "call_id",
          "llm-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", HOUR_MS));

  /** Each pipeline's live prompts and memory limits (S0.3), written by the admin API. */
  public static final TopicSpec PIPELINE_CONFIGS =
      new TopicSpec(
          "pipeline.configs",
          PipelineConfigured.class,
          "pipeline",
          "ingest-service",
          List.of("llm-service"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  /** A farmer asks for a recommendation (S1.10): the gateway asks, llm-service computes. */
  public static final TopicSpec RECOMMENDATION_REQUESTS =
      new TopicSpec(
          "recommendation.requests",
          RecommendationRequested.class,
          "call_id",
          "gateway-service",
          List.of("llm-service"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", DAY_MS));

  public static final TopicSpec RECOMMENDATION_REPLIES =
      new TopicSpec(
          "recommendation.replies",
          RecommendationAnswered.class,
          "call_id",
          "llm-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", HOUR_MS));

  /** Each sensor's latest recommendation state: what the next reading is compared with. */
  public static final TopicSpec SENSOR_RECOMMENDATIONS =
      new TopicSpec(
          "sensor.recommendations",
          RecommendationState.class,
          "sensor_uuid",
          "llm-service",
          List.of("llm-service (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  /** Alerts: a sensor's recommendation changed (irrigation needed, a nutrient low). */
  public static final TopicSpec SENSOR_ALERTS =
      new TopicSpec(
          "sensor.alerts",
          RecommendationIssued.class,
          "sensor_uuid",
          "llm-service",
          List.of("gateway-service (SSE, every replica; webhooks, one group)"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", WEEK_MS));

  /**
   * The API keys: identity, sensors, pipelines, role and the SHA-256 of the key (never the key),
   * written by the gateway's admin API and followed by every gateway replica, so an issued, rotated
   * or revoked key applies everywhere without a restart.
   */
  public static final TopicSpec GATEWAY_KEYS =
      new TopicSpec(
          "gateway.keys",
          ApiKeyIssued.class,
          "key_id",
          "gateway-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  /**
   * Readings, profiles, forecasts and station links share one binding in ingest, hence one
   * dead-letter topic.
   */
  public static final TopicSpec DLQ_INGEST_SENSORS =
      deadLetters("dlq.ingest.sensors", "ingest-service", SENSOR_READINGS);

  static {
    DEAD_LETTERS.put(SENSOR_PROFILES.name(), DLQ_INGEST_SENSORS);
    DEAD_LETTERS.put(SENSOR_FORECASTS.name(), DLQ_INGEST_SENSORS);
    DEAD_LETTERS.put(WEATHER_LINKS.name(), DLQ_INGEST_SENSORS);
  }

  public static final TopicSpec DLQ_INGEST_WEATHER =
      deadLetters("dlq.ingest.weather", "ingest-service", WEATHER_OBSERVATIONS);

  public static final TopicSpec DLQ_INGEST_DOCUMENTS =
      deadLetters("dlq.ingest.documents", "ingest-service", KB_DOCUMENTS);
  public static final TopicSpec DLQ_RETRIEVAL_INDEX =
      deadLetters("dlq.retrieval.index", "retrieval-service", INDEX_CHANGES);
  public static final TopicSpec DLQ_RETRIEVAL_REQUESTS =
      deadLetters("dlq.retrieval.requests", "retrieval-service", RETRIEVAL_REQUESTS);
  public static final TopicSpec DLQ_RETRIEVAL_KNOWLEDGE =
      deadLetters("dlq.retrieval.knowledge", "retrieval-service", KNOWLEDGE_REQUESTS);
  public static final TopicSpec DLQ_LLM_REQUESTS =
      deadLetters("dlq.llm.requests", "llm-service", CHAT_REQUESTS);
  public static final TopicSpec DLQ_LLM_RECOMMENDATIONS =
      deadLetters("dlq.llm.recommendations", "llm-service", RECOMMENDATION_REQUESTS);
  public static final TopicSpec DLQ_LLM_ALERTS =
      deadLetters("dlq.llm.alerts", "llm-service", SENSOR_SNAPSHOTS);
  public static final TopicSpec DLQ_GATEWAY_WEBHOOKS =
      deadLetters("dlq.gateway.webhooks", "gateway-service", SENSOR_ALERTS);
  public static final TopicSpec DLQ_LLM_CONVERSATIONS =
      deadLetters("dlq.llm.conversations", "llm-service", CONVERSATION_REQUESTS);

  private static final List<TopicSpec> ALL =
      List.of(
          SENSOR_READINGS,
          READINGS_REJECTED,
          DEVICE_REGISTRY,
          SENSOR_PROFILES,
          SENSOR_FORECASTS,
          WEATHER_STATIONS,
          WEATHER_OBSERVATIONS,
          WEATHER_LINKS,
          WEATHER_DAYS,
          SENSOR_SNAPSHOTS,
          KB_DOCUMENTS,
          KB_CONFIGS,
          PIPELINE_CONFIGS,
          INDEX_CHANGES,
          INGEST_MANIFESTS,
          CHAT_REQUESTS,
          RETRIEVAL_REQUESTS,
          RETRIEVAL_REPLIES,
          KNOWLEDGE_REQUESTS,
          KNOWLEDGE_REPLIES,
          CHAT_ANSWERS,
          CHAT_STREAMS,
          LLM_LOAD,
          GATEWAY_LOAD,
          CHAT_CONVERSATIONS,
          CONVERSATION_REQUESTS,
          CONVERSATION_REPLIES,
          RECOMMENDATION_REQUESTS,
          RECOMMENDATION_REPLIES,
          SENSOR_RECOMMENDATIONS,
          SENSOR_ALERTS,
          GATEWAY_KEYS,
          DLQ_INGEST_SENSORS,
          DLQ_INGEST_DOCUMENTS,
          DLQ_INGEST_WEATHER,
          DLQ_RETRIEVAL_INDEX,
          DLQ_RETRIEVAL_REQUESTS,
          DLQ_RETRIEVAL_KNOWLEDGE,
          DLQ_LLM_REQUESTS,
          DLQ_LLM_CONVERSATIONS,
          DLQ_LLM_RECOMMENDATIONS,
          DLQ_LLM_ALERTS,
          DLQ_GATEWAY_WEBHOOKS);

  private Topics() {}

  /** Every topic of the platform, event topics first, dead letters last. */
  public static List<TopicSpec> all() {
    return ALL;
  }

  /** The Avro record classes carried by the catalogue's topics. */
  public static List<Class<?>> recordTypes() {
    return ALL.stream().map(TopicSpec::valueType).filter(t -> t != null).distinct().toList();
  }

  /**
   * A dead-letter topic: the raw record that a consumer could not process, with the error in the
   * headers. Same partition count as its source, so the failed record keeps its partition.
   */
  /** The dead-letter topic of a consumer of {@code source}, if it has one. */
  public static java.util.Optional<TopicSpec> deadLettersOf(String source) {
    return java.util.Optional.ofNullable(DEAD_LETTERS.get(source));
  }

  private static TopicSpec deadLetters(String name, String writer, TopicSpec source) {
    var spec = deadLetterSpec(name, writer, source);
    DEAD_LETTERS.putIfAbsent(source.name(), spec);
    return spec;
  }

  private static TopicSpec deadLetterSpec(String name, String writer, TopicSpec source) {
    return new TopicSpec(
        name,
        null,
        "the failed record's key",
        writer,
        List.of("operators (inspect, replay after a fix)"),
        TopicSpec.Cleanup.DELETE,
        source.partitions(),
        Map.of("retention.ms", MONTH_MS, "retention.bytes", KEPT_BYTES_PER_PARTITION));
  }
}
