package io.streamrag.gateway;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.gateway.admission.Admission;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.chat.ChatHandler;
import io.streamrag.gateway.conversation.ConversationHandler;
import io.streamrag.gateway.conversation.ConversationOwners;
import io.streamrag.gateway.relay.AnswerSessions;
import io.streamrag.gateway.relay.PipelineWatch;
import io.streamrag.gateway.relay.Resumptions;
import io.streamrag.gateway.relay.StreamLedger;
import io.streamrag.gateway.relay.WatchProperties;
import io.streamrag.gateway.trace.TraceHandler;
import io.streamrag.gateway.web.TraceparentHeader;
import io.streamrag.kit.kafka.KafkaClients;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.chat.ConversationAnswered;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** Routes and the stages behind them. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class GatewayWiring {

  @Bean
  RouterFunction<ServerResponse> routes(
      ChatHandler chat, ConversationHandler conversations, TraceHandler traces) {
    return RouterFunctions.route()
        .POST("/api/rag/chat", chat::chat)
        .POST("/api/rag/chat/", chat::chat)
        .DELETE("/api/rag/chat/{requestId}", chat::cancel)
        .GET("/api/conversations/{id}", conversations::list)
        .DELETE("/api/conversations/{id}", conversations::erase)
        .GET("/api/chats/{id}/trace", traces::trace)
        .GET(
            "/",
            r ->
                ServerResponse.ok()
                    .bodyValue(
                        Map.of(
                            "service", "gateway-service",
                            "chat",
                                "POST /api/rag/chat {message, sensor_uuid, conversation_id?, pipeline?} with Authorization: Bearer <api key>; answers as text/event-stream",
                            "conversations",
                                "GET or DELETE /api/conversations/{conversation_id} with the same key",
                            "trace", "GET /api/chats/{request_id}/trace with the key that asked",
                            "recommendations",
                                "POST /api/recommendations/{irrigation,fertilization} {sensor_uuid, query?, crop?, pipeline?} with the same key; answers the advice JSON",
                            "alerts",
                                "GET /api/sensors/{sensor_uuid}/events with the key that owns the sensor; alert events as text/event-stream",
                            "openai",
                                "POST /v1/chat/completions {model: a pipeline, messages, stream?, sensor_uuid?} and GET /v1/models, the API key as bearer token (OpenAI-compatible)")))
        .build();
  }

  @Bean
  ChatHandler chatHandler(
      GatewaySteps steps,
      Resumptions resumptions,
      StreamLedger ledger,
      GatewayProperties properties,
      MeterRegistry meters,
      JsonMapper json) {
    return new ChatHandler(steps, resumptions, ledger, properties.chat(), meters, json);
  }

  /** Every response names its trace. */
  @Bean
  TraceparentHeader traceparentHeader() {
    return new TraceparentHeader();
  }

  @Bean
  ConversationHandler conversationHandler(
      ApiKeys keys,
      ConversationOwners owners,
      RequestClient<ConversationAnswered> memory,
      GatewayProperties properties) {
    return new ConversationHandler(
        owners, memory, properties.chat().memoryTimeout(), Clock.systemUTC());
  }

  @Bean
  TraceHandler traceHandler(
      ApiKeys keys, RequestClient<ConversationAnswered> memory, GatewayProperties properties) {
    return new TraceHandler(memory, properties.chat().memoryTimeout(), Clock.systemUTC());
  }

  @Bean(destroyMethod = "close")
  ConversationOwners conversationOwners(TopicReaders readers, TopicWriter writer) {
    return new ConversationOwners(readers, writer, Clock.systemUTC(), Duration.ofSeconds(60));
  }

  /** Replies of llm-service's conversation memory; Spring starts and stops its listener. */
  @Bean
  ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> conversationReplies(
      TopicReaders readers) {
    return RequestReply.template(readers, ServiceTopics.CONVERSATION_REPLIES, "gateway");
  }

  @Bean
  RequestClient<ConversationAnswered> conversationMemory(
      ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> conversationReplies) {
    return new RequestClient<>(
        conversationReplies, ServiceTopics.CONVERSATION_REQUESTS, ConversationAnswered.class);
  }

  /** Ready once llm-service's conversation replies can reach this replica. */
  @Bean
  HealthIndicator conversationRepliesHealthIndicator(RequestClient<ConversationAnswered> memory) {
    return () -> (memory.ready() ? Health.up() : Health.outOfService()).build();
  }

  /** Whether anyone consumes what a chat needs; checked on Spring's scheduler. */
  @Bean(destroyMethod = "close")
  PipelineWatch pipelineWatch(KafkaClients clients, WatchProperties watch) {
    return new PipelineWatch(clients, watch.stages(), watch.timeout());
  }

  @Bean
  GatewaySteps gatewaySteps(
      ApiKeys keys,
      AnswerSessions sessions,
      ConversationOwners conversations,
      JsonMapper json,
      GatewayProperties properties,
      Admission admission) {
    // the length first: cheap, and it bounds what the injection guard reads (REQUIREMENTS S0.2)
    return new GatewaySteps(admission, sessions, conversations, json, Clock.systemUTC());
  }
}
