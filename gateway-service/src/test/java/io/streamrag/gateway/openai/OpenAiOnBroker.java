package io.streamrag.gateway.openai;

import io.streamrag.gateway.GatewayApplication;
import io.streamrag.kafkalocal.LocalKafka;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * gateway-service alone against a real broker, as the OpenAI-compatible API's tests see it: the
 * demo keys, no watch of llm-service (the tests answer in its place), one Spring context for all.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      GatewayApplication.CONFIG_NAME,
      "gateway.chat.answer-timeout=5s",
      "gateway.chat.max-message-chars=200",
      "gateway.watch.stages="
    })
@ActiveProfiles("demo")
@AutoConfigureWebTestClient(timeout = "30s")
abstract class OpenAiOnBroker {

  static final LocalKafka KAFKA = LocalKafka.shared();

  @LocalServerPort int port;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }
}
