package io.streamrag.gateway.chat;

import static io.streamrag.gateway.DemoSensors.MINE;
import static io.streamrag.gateway.DemoSensors.SSE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.gateway.GatewayApplication;
import io.streamrag.gateway.relay.PipelineWatch;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.ChatTopics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
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
 * Fail fast, and say so: with nobody consuming {@code chat.requests}, a chat gets 503 at once; a
 * chat streaming when its consumer leaves gets an {@code error} event within seconds, not the 30 s
 * answer timeout.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      GatewayApplication.CONFIG_NAME,
      "gateway.chat.answer-timeout=30s",
      "gateway.chat.watch-interval=500ms",
      "gateway.watch.stages[0].group=watch-test-llm",
      "gateway.watch.stages[0].topic=chat.requests",
      "gateway.watch.stages[0].service=llm-service"
    })
@ActiveProfiles("demo")
@AutoConfigureWebTestClient(timeout = "40s")
class PipelineWatchTest {

  static final LocalKafka KAFKA = LocalKafka.shared();

  @Autowired WebTestClient http;
  @Autowired PipelineWatch watch;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  @Test
  void aChatWithNobodyToAnswerIs503AndAStreamingOneEndsWhenItsConsumerLeaves() throws Exception {
    // Nobody in the group yet: refused at once, naming the missing service
    await().atMost(Duration.ofSeconds(10)).until(() -> watch.missing().isPresent());
    http.post()
        .uri("/api/rag/chat")
        .header("Authorization", "Bearer dev-farmer-key")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"message\":\"hello\",\"sensor_uuid\":\"" + MINE + "\"}")
        .exchange()
        .expectStatus()
        .isEqualTo(503)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("pipeline_unavailable")
        .jsonPath("$.message")
        .value(m -> assertThat((String) m).contains("llm-service").contains("chat.requests"));

    // An "llm-service" joins the group, takes the question, and never answers
    var leave = new CountDownLatch(1);
    var joined = new AtomicBoolean();
    var member = Executors.newSingleThreadExecutor();
    member.submit(
        () -> {
          try (var consumer =
              new KafkaConsumer<>(
                  Map.<String, Object>of(
                      "bootstrap.servers", KAFKA.bootstrapServers(), "group.id", "watch-test-llm"),
                  new ByteArrayDeserializer(),
                  new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(ChatTopics.CHAT_REQUESTS.name()));
            while (!leave.await(100, TimeUnit.MILLISECONDS)) {
              consumer.poll(Duration.ofMillis(100));
              joined.set(!consumer.assignment().isEmpty());
            }
          }
          return null;
        });
    await().atMost(Duration.ofSeconds(30)).until(() -> joined.get() && watch.missing().isEmpty());

    var stream =
        http.post()
            .uri("/api/rag/chat")
            .header("Authorization", "Bearer dev-farmer-key")
            .contentType(MediaType.APPLICATION_JSON)
            .accept(MediaType.TEXT_EVENT_STREAM)
            .bodyValue("{\"message\":\"hello\",\"sensor_uuid\":\"" + MINE + "\"}")
            .exchange()
            .expectStatus()
            .isOk()
            .returnResult(SSE)
            .getResponseBody()
            .filter(e -> e.event() != null);

    // When the consumer leaves (as a stopping llm-service does), the stream ends with an error
    long left = System.nanoTime();
    Executors.newSingleThreadScheduledExecutor().schedule(leave::countDown, 1, TimeUnit.SECONDS);
    var events = stream.collectList().block(Duration.ofSeconds(40));
    long seconds = (System.nanoTime() - left) / 1_000_000_000;
    member.shutdown();

    assertThat(events)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.event()).isEqualTo("error");
              assertThat(e.data()).containsEntry("code", "pipeline_unavailable");
            });
  }
}
