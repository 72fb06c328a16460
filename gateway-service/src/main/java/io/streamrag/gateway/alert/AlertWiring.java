package io.streamrag.gateway.alert;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.relay.StreamCaps;
import io.streamrag.gateway.relay.TopicFanOut;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.RecommendationIssued;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** The alert stream of each sensor, relayed from {@code sensor.alerts} on every replica. */
@Configuration(proxyBeanMethods = false)
class AlertWiring {

  @Bean
  RouterFunction<ServerResponse> alertRoutes(AlertStreamHandler alerts) {
    return RouterFunctions.route().GET("/api/sensors/{uuid}/events", alerts::events).build();
  }

  @Bean
  AlertStreamHandler alertStreamHandler(
      ApiKeys keys,
      TopicFanOut<RecommendationIssued> alertRelay,
      JsonMapper json,
      GatewayProperties properties,
      AlertProperties settings) {
    return new AlertStreamHandler(
        alertRelay,
        json,
        properties.chat().keepAlive(),
        settings.idleTimeout(),
        new StreamCaps(settings.maxStreamsPerKey()));
  }

  @Bean(destroyMethod = "close")
  TopicFanOut<RecommendationIssued> alertRelay(TopicReaders readers) throws InterruptedException {
    return TopicFanOut.start(
        readers, ServiceTopics.SENSOR_ALERTS, RecommendationIssued.class, Duration.ofSeconds(60));
  }

  /** Ready once alerts can be relayed. */
  @Bean
  HealthIndicator alertsHealthIndicator(TopicFanOut<RecommendationIssued> alertRelay) {
    return () ->
        (alertRelay.isReady() ? Health.up() : Health.outOfService())
            .withDetail("subscriptions", alertRelay.openSubscriptions())
            .build();
  }
}
