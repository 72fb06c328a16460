package io.streamrag.schemas;

import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerLoadReported;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.chat.StreamLoadReported;
import java.util.List;
import java.util.Map;

/**
 * The chat path's topics: a request, its retrieval and knowledge-tool calls, the answer's events
 * and the streams and load the gateway and llm-service report. Part of the catalogue ({@link
 * Topics}).
 */
public final class ChatTopics {

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
          Map.of("retention.ms", Retention.DAY_MS));

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
          Map.of("retention.ms", Retention.DAY_MS));

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
          Map.of("retention.ms", Retention.HOUR_MS));

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
          Map.of("retention.ms", Retention.DAY_MS));

  public static final TopicSpec KNOWLEDGE_REPLIES =
      new TopicSpec(
          "knowledge.replies",
          KnowledgeToolAnswered.class,
          "call_id",
          "retrieval-service",
          List.of("llm-service (every replica)"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", Retention.HOUR_MS));

  public static final TopicSpec CHAT_ANSWERS =
      new TopicSpec(
          "chat.answers",
          AnswerEvent.class,
          "request_id",
          "llm-service",
          List.of("gateway-service"),
          TopicSpec.Cleanup.DELETE,
          6,
          Map.of("retention.ms", Retention.DAY_MS));

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
          Map.of("retention.ms", Retention.HOUR_MS));

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
          Map.of("min.compaction.lag.ms", "0", "segment.ms", Retention.HOUR_MS));

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
          Map.of("min.compaction.lag.ms", "0", "segment.ms", Retention.HOUR_MS));

  private ChatTopics() {}
}
