package io.streamrag.gateway.page;

import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The chat page at {@code /} (static files under {@code classpath:/static/}, no data in them) and
 * the two reads it needs beyond the chat: who the key is ({@code GET /api/me}) and a sensor's
 * current snapshot ({@code GET /api/sensors/{uuid}/snapshot}), both behind the API key.
 */
@Configuration(proxyBeanMethods = false)
class PageWiring {

  /**
   * Before the gateway's own routes: a browser asking for {@code /} (its Accept names text/html)
   * gets the page; API clients keep the JSON index there.
   */
  @Bean
  @Order(Ordered.HIGHEST_PRECEDENCE)
  RouterFunction<ServerResponse> pageRoutes(PageHandler page) {
    var index = new ClassPathResource("static/index.html");
    RequestPredicate browser =
        request ->
            request.headers().accept().stream()
                .anyMatch(
                    type -> "text".equals(type.getType()) && "html".equals(type.getSubtype()));
    return RouterFunctions.route()
        .GET(
            "/",
            browser,
            request -> ServerResponse.ok().contentType(MediaType.TEXT_HTML).bodyValue(index))
        .GET("/api/me", page::me)
        .GET("/api/sensors/{uuid}/snapshot", page::snapshot)
        .build();
  }

  @Bean
  PageHandler pageHandler(ApiKeys keys, TopicView<SensorSnapshotUpdated> snapshots) {
    return new PageHandler(snapshots);
  }

  /** Every sensor's newest snapshot, followed on every replica (the page shows its owner's). */
  @Bean(destroyMethod = "close")
  TopicView<SensorSnapshotUpdated> snapshotView(TopicReaders readers) {
    return TopicView.follow(
            readers,
            SensorTopics.SENSOR_SNAPSHOTS.name(),
            SensorSnapshotUpdated.class,
            (k, v) -> {})
        .caughtUpWithin(Duration.ofSeconds(60));
  }
}
