package io.streamrag.schemas;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The dead-letter topics: the raw record that a consumer could not process, with the error in the
 * headers. Each has its source's partition count, so a failed record keeps its partition. Part of
 * the catalogue ({@link Topics}).
 */
public final class DeadLetterTopics {

  /** Dead-letter topic by source topic; filled as the topics below are declared. */
  private static final Map<String, TopicSpec> BY_SOURCE = new HashMap<>();

  /**
   * Readings, profiles, forecasts and station links share one binding in ingest, hence one
   * dead-letter topic.
   */
  public static final TopicSpec DLQ_INGEST_SENSORS =
      deadLetters("dlq.ingest.sensors", "ingest-service", SensorTopics.SENSOR_READINGS);

  static {
    BY_SOURCE.put(SensorTopics.SENSOR_PROFILES.name(), DLQ_INGEST_SENSORS);
    BY_SOURCE.put(SensorTopics.SENSOR_FORECASTS.name(), DLQ_INGEST_SENSORS);
    BY_SOURCE.put(WeatherTopics.WEATHER_LINKS.name(), DLQ_INGEST_SENSORS);
  }

  public static final TopicSpec DLQ_INGEST_WEATHER =
      deadLetters("dlq.ingest.weather", "ingest-service", WeatherTopics.WEATHER_OBSERVATIONS);
  public static final TopicSpec DLQ_INGEST_DOCUMENTS =
      deadLetters("dlq.ingest.documents", "ingest-service", KnowledgeTopics.KB_DOCUMENTS);
  public static final TopicSpec DLQ_RETRIEVAL_INDEX =
      deadLetters("dlq.retrieval.index", "retrieval-service", KnowledgeTopics.INDEX_CHANGES);
  public static final TopicSpec DLQ_RETRIEVAL_REQUESTS =
      deadLetters("dlq.retrieval.requests", "retrieval-service", ChatTopics.RETRIEVAL_REQUESTS);
  public static final TopicSpec DLQ_RETRIEVAL_KNOWLEDGE =
      deadLetters("dlq.retrieval.knowledge", "retrieval-service", ChatTopics.KNOWLEDGE_REQUESTS);
  public static final TopicSpec DLQ_LLM_REQUESTS =
      deadLetters("dlq.llm.requests", "llm-service", ChatTopics.CHAT_REQUESTS);
  public static final TopicSpec DLQ_LLM_RECOMMENDATIONS =
      deadLetters("dlq.llm.recommendations", "llm-service", ServiceTopics.RECOMMENDATION_REQUESTS);
  public static final TopicSpec DLQ_LLM_ALERTS =
      deadLetters("dlq.llm.alerts", "llm-service", SensorTopics.SENSOR_SNAPSHOTS);
  public static final TopicSpec DLQ_GATEWAY_WEBHOOKS =
      deadLetters("dlq.gateway.webhooks", "gateway-service", ServiceTopics.SENSOR_ALERTS);
  public static final TopicSpec DLQ_LLM_CONVERSATIONS =
      deadLetters("dlq.llm.conversations", "llm-service", ServiceTopics.CONVERSATION_REQUESTS);

  private DeadLetterTopics() {}

  /** The dead-letter topic of a consumer of {@code source}, if it has one. */
  static Optional<TopicSpec> of(String source) {
    return Optional.ofNullable(BY_SOURCE.get(source));
  }

  private static TopicSpec deadLetters(String name, String writer, TopicSpec source) {
    var spec =
        new TopicSpec(
            name,
            null,
            "the failed record's key",
            writer,
            List.of("operators (inspect, replay after a fix)"),
            TopicSpec.Cleanup.DELETE,
            source.partitions(),
            Map.of(
                "retention.ms",
                Retention.MONTH_MS,
                "retention.bytes",
                Retention.KEPT_BYTES_PER_PARTITION));
    BY_SOURCE.putIfAbsent(source.name(), spec);
    return spec;
  }
}
