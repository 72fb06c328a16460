package io.streamrag.gateway.alert;

import static io.streamrag.gateway.DemoSensors.SSE;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.gateway.GatewayApplication;
import io.streamrag.kafkalocal.LocalKafka;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Alert streams cost the gateway a connection and a subscription each, for as long as they last: a
 * key holds a bounded number of them, and one that carries nothing ends by itself. Here: two
 * streams a key, idle after 2 s.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      GatewayApplication.CONFIG_NAME,
      "gateway.chat.keep-alive=200ms",
      "gateway.alerts.max-streams-per-key=2",
      "gateway.alerts.idle-timeout=2s"
    })
@ActiveProfiles("demo")
@AutoConfigureWebTestClient(timeout = "20s")
class AlertStreamLimitsTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";

  @Autowired WebTestClient http;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", LocalKafka.shared()::bootstrapServers);
  }

  @Test
  void aKeyHoldsAtMostItsShareOfStreamsAndGetsOneBackWhenOneEnds() {
    // given the key holds its two streams
    var first = subscribe().expectStatus().isOk().returnResult(SSE);
    var second = subscribe().expectStatus().isOk().returnResult(SSE);
    // (their bodies not read yet: a client that cancels closes its stream, and frees its place)

    // then a third is refused
    subscribe()
        .expectStatus()
        .isEqualTo(429)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("too_many_streams");

    // and once its streams have ended (idle), it may open one again
    first.getResponseBody().blockLast(Duration.ofSeconds(20));
    second.getResponseBody().blockLast(Duration.ofSeconds(20));
    subscribe()
        .expectStatus()
        .isOk()
        .returnResult(SSE)
        .getResponseBody()
        .blockLast(Duration.ofSeconds(20));
  }

  @Test
  void aStreamThatCarriesNoAlertEndsWithAnIdleEvent() {
    var events =
        subscribe()
            .expectStatus()
            .isOk()
            .returnResult(SSE)
            .getResponseBody()
            .collectList()
            .block(Duration.ofSeconds(20));

    // heartbeats do not keep it alive: after 2 s without an alert it ends
    assertThat(events).isNotEmpty();
    assertThat(events.get(events.size() - 1).event()).isEqualTo("idle");
    assertThat(events.get(events.size() - 1).data()).containsEntry("code", "idle");
  }

  private WebTestClient.ResponseSpec subscribe() {
    return http.get()
        .uri("/api/sensors/" + SENSOR + "/events")
        .header("Authorization", "Bearer dev-farmer-key")
        .accept(MediaType.TEXT_EVENT_STREAM)
        .exchange();
  }
}
