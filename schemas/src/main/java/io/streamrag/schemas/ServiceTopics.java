package io.streamrag.schemas;

import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationIssued;
import io.streamrag.schemas.advice.RecommendationRequested;
import io.streamrag.schemas.advice.RecommendationState;
import io.streamrag.schemas.auth.ApiKeyIssued;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import io.streamrag.schemas.chat.ConversationStarted;
import java.util.List;
import java.util.Map;

/**
 * The topics behind conversations, recommendations and API keys: what the gateway asks llm-service
 * outside a chat, and the state it keeps. Part of the catalogue ({@link Topics}).
 */
public final class ServiceTopics {

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
          Map.of("retention.ms", Retention.DAY_MS));

  public static final TopicSpec CONVERSATION_REPLIES =
      new TopicSpec(
          "conversation.replies",
          ConversationAnswered.class,
          "call_id",
          "llm-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", Retention.HOUR_MS));

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
          Map.of("retention.ms", Retention.DAY_MS));

  public static final TopicSpec RECOMMENDATION_REPLIES =
      new TopicSpec(
          "recommendation.replies",
          RecommendationAnswered.class,
          "call_id",
          "llm-service",
          List.of("gateway-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          3,
          Map.of("retention.ms", Retention.HOUR_MS));

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
          Map.of("retention.ms", Retention.WEEK_MS));

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

  private ServiceTopics() {}
}
