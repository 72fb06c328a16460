package io.streamrag.gateway.chat;

import io.streamrag.gateway.GatewayApplication;
import io.streamrag.kafkalocal.LocalKafka;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * gateway-service alone against a real broker, as the chat tests see it: the demo keys, short
 * timeouts, no watch of llm-service (the tests answer in its place), and a chat call.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      GatewayApplication.CONFIG_NAME,
      "gateway.chat.answer-timeout=2s",
      "gateway.chat.max-message-chars=200",
      "gateway.chat.memory-timeout=1s",
      // every endpoint is tried without a key (ChatRefusalTest): the address limit has its own test
      "gateway.rate-limit.unauthenticated-per-minute=1000",
      "gateway.watch.stages=" // this test answers in llm-service's place, in no consumer group
    })
@ActiveProfiles("demo")
@AutoConfigureWebTestClient(timeout = "20s")
abstract class ChatEndpointContext {

  static final LocalKafka KAFKA = LocalKafka.shared();

  @Autowired WebTestClient http;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  /** A GET of {@code uri} with {@code key} as its bearer token. */
  WebTestClient.ResponseSpec get(String uri, String key) {
    return http.get().uri(uri).header("Authorization", "Bearer " + key).exchange();
  }

  WebTestClient.ResponseSpec chat(String key, String body) {
    return http.post()
        .uri("/api/rag/chat")
        .header("Authorization", "Bearer " + key)
        .contentType(MediaType.APPLICATION_JSON)
        .accept(MediaType.TEXT_EVENT_STREAM)
        .bodyValue(body)
        .exchange();
  }
}
