package io.streamrag.gateway.advice;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.admission.Admission;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.RecommendationAnswered;
import java.time.Clock;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** The recommendation endpoints and their request/reply client of llm-service. */
@Configuration(proxyBeanMethods = false)
class AdviceWiring {

  @Bean
  RouterFunction<ServerResponse> adviceRoutes(AdviceHandler advice) {
    return RouterFunctions.route()
        .POST("/api/recommendations/irrigation", advice::irrigation)
        .POST("/api/recommendations/fertilization", advice::fertilization)
        .build();
  }

  @Bean
  AdviceHandler adviceHandler(
      Admission admission,
      RequestClient<RecommendationAnswered> recommendations,
      JsonMapper json,
      GatewayProperties properties) {
    return new AdviceHandler(admission, recommendations, json, properties, Clock.systemUTC());
  }

  /** Replies of llm-service's recommendations; Spring starts and stops its listener. */
  @Bean
  ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> recommendationReplies(
      TopicReaders readers) {
    return RequestReply.template(readers, ServiceTopics.RECOMMENDATION_REPLIES, "gateway-advice");
  }

  @Bean
  RequestClient<RecommendationAnswered> recommendations(
      ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> recommendationReplies) {
    return new RequestClient<>(
        recommendationReplies, ServiceTopics.RECOMMENDATION_REQUESTS, RecommendationAnswered.class);
  }

  /** Ready once llm-service's recommendations can reach this replica. */
  @Bean
  HealthIndicator recommendationRepliesHealthIndicator(
      RequestClient<RecommendationAnswered> recommendations) {
    return () -> (recommendations.ready() ? Health.up() : Health.outOfService()).build();
  }
}
