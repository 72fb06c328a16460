package io.streamrag.schemas;

import java.util.List;
import java.util.Optional;

/**
 * The topic catalogue: every topic of the platform, with its one writer, declared by domain ({@link
 * SensorTopics}, {@link WeatherTopics}, {@link KnowledgeTopics}, {@link ChatTopics}, {@link
 * ServiceTopics}, {@link DeadLetterTopics}). Services bind to these names in their {@code
 * <service>.yml}; each service creates the topics it writes from here and checks the ones it reads
 * (platform-kit's {@code CatalogueTopics}), and the local broker creates them all.
 */
public final class Topics {

  private static final List<TopicSpec> ALL =
      List.of(
          SensorTopics.SENSOR_READINGS,
          SensorTopics.READINGS_REJECTED,
          SensorTopics.DEVICE_REGISTRY,
          SensorTopics.SENSOR_PROFILES,
          SensorTopics.SENSOR_FORECASTS,
          WeatherTopics.WEATHER_STATIONS,
          WeatherTopics.WEATHER_OBSERVATIONS,
          WeatherTopics.WEATHER_LINKS,
          WeatherTopics.WEATHER_DAYS,
          SensorTopics.SENSOR_SNAPSHOTS,
          KnowledgeTopics.KB_DOCUMENTS,
          KnowledgeTopics.KB_CONFIGS,
          KnowledgeTopics.PIPELINE_CONFIGS,
          KnowledgeTopics.INDEX_CHANGES,
          KnowledgeTopics.INGEST_MANIFESTS,
          ChatTopics.CHAT_REQUESTS,
          ChatTopics.RETRIEVAL_REQUESTS,
          ChatTopics.RETRIEVAL_REPLIES,
          ChatTopics.KNOWLEDGE_REQUESTS,
          ChatTopics.KNOWLEDGE_REPLIES,
          ChatTopics.CHAT_ANSWERS,
          ChatTopics.CHAT_STREAMS,
          ChatTopics.LLM_LOAD,
          ChatTopics.GATEWAY_LOAD,
          ServiceTopics.CHAT_CONVERSATIONS,
          ServiceTopics.CONVERSATION_REQUESTS,
          ServiceTopics.CONVERSATION_REPLIES,
          ServiceTopics.RECOMMENDATION_REQUESTS,
          ServiceTopics.RECOMMENDATION_REPLIES,
          ServiceTopics.SENSOR_RECOMMENDATIONS,
          ServiceTopics.SENSOR_ALERTS,
          ServiceTopics.GATEWAY_KEYS,
          DeadLetterTopics.DLQ_INGEST_SENSORS,
          DeadLetterTopics.DLQ_INGEST_DOCUMENTS,
          DeadLetterTopics.DLQ_INGEST_WEATHER,
          DeadLetterTopics.DLQ_RETRIEVAL_INDEX,
          DeadLetterTopics.DLQ_RETRIEVAL_REQUESTS,
          DeadLetterTopics.DLQ_RETRIEVAL_KNOWLEDGE,
          DeadLetterTopics.DLQ_LLM_REQUESTS,
          DeadLetterTopics.DLQ_LLM_CONVERSATIONS,
          DeadLetterTopics.DLQ_LLM_RECOMMENDATIONS,
          DeadLetterTopics.DLQ_LLM_ALERTS,
          DeadLetterTopics.DLQ_GATEWAY_WEBHOOKS);

  private Topics() {}

  /** Every topic of the platform, event topics first, dead letters last. */
  public static List<TopicSpec> all() {
    return ALL;
  }

  /** The Avro record classes carried by the catalogue's topics. */
  public static List<Class<?>> recordTypes() {
    return ALL.stream().map(TopicSpec::valueType).filter(t -> t != null).distinct().toList();
  }

  /** The dead-letter topic of a consumer of {@code source}, if it has one. */
  public static Optional<TopicSpec> deadLettersOf(String source) {
    return DeadLetterTopics.of(source);
  }
}
