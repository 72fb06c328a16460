package io.streamrag.gateway;

import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.chat.ChatHandler;
import io.streamrag.kit.guard.Guardrails;
import io.streamrag.kit.guard.InputLengthGuardrail;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import io.streamrag.gateway.relay.AnswerRelay;
import io.streamrag.kit.kafka.Outbox;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** Routes and the stages behind them. */
@Configuration(proxyBeanMethods = false)
class GatewayWiring {

  @Bean
  RouterFunction<ServerResponse> routes(ChatHandler chat) {
    return RouterFunctions.route()
        .POST("/api/rag/chat", chat::chat)
        .POST("/api/rag/chat/", chat::chat)
        .GET(
            "/",
            r ->
                ServerResponse.ok()
                    .bodyValue(
                        Map.of(
                            "service", "gateway-service",
                            "chat",
                                "POST /api/rag/chat {message, sensor_uuid, conversation_id?} with Authorization: Bearer <api key>; answers as text/event-stream")))
        .build();
  }

  @Bean
  ChatHandler chatHandler(GatewayPipeline pipeline, GatewayProperties properties) {
    return new ChatHandler(pipeline, properties.chat());
  }

  @Bean
  GatewayPipeline gatewayPipeline(
      ApiKeys keys,
      AnswerRelay relay,
      Outbox outbox,
      JsonMapper json,
      GatewayProperties properties) {
    var guardrails =
        new Guardrails(
            List.of(
                new PromptInjectionGuardrail(),
                new InputLengthGuardrail(properties.chat().maxMessageChars())));
    return new GatewayPipeline(keys, guardrails, relay, outbox, json, Clock.systemUTC());
  }

  @Bean(destroyMethod = "close")
  AnswerRelay answerRelay(@Value("${spring.kafka.bootstrap-servers}") String brokers)
      throws InterruptedException {
    var relay = new AnswerRelay(brokers);
    if (!relay.awaitReady(Duration.ofSeconds(60))) {
      throw new IllegalStateException(
          "could not position on chat.answers at " + brokers + " within 60 s");
    }
    return relay;
  }

  /** Ready once answers can be relayed. */
  @Bean
  HealthIndicator relayHealthIndicator(AnswerRelay relay) {
    return () ->
        (relay.isReady() ? Health.up() : Health.outOfService())
            .withDetail("openChats", relay.openSessions())
            .build();
  }
}
