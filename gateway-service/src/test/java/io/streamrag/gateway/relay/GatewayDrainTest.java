package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.gateway.FakeLlm;
import io.streamrag.gateway.admin.GatewayReplica;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.testing.RawSse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A gateway replica told to stop (what its SIGTERM hook does: the context closes) while it relays
 * an answer, against a real broker; the test answers in llm-service's place ({@link FakeLlm}): the
 * answer streaming to the client reaches its done, and meanwhile a new chat is refused at once with
 * {@code 503 draining} and a {@code Retry-After}, which a client handles like "busy".
 */
class GatewayDrainTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final JsonMapper JSON = new JsonMapper();
  static final Map<String, String> FARMER = Map.of("Authorization", "Bearer dev-farmer-key");

  @Test
  void aStoppingGatewayFinishesItsOpenStreamAndRefusesNewChatsAsBusy() throws Exception {
    var gateway = GatewayReplica.start(KAFKA, "demo");
    String url = gateway.url();
    var llm = new FakeLlm(KAFKA).answer(q -> q.getMessage().equals("drain me"), 2, "one ", "two");
    try (var stream = RawSse.post(url + "/api/rag/chat", chat("drain me"), FARMER)) {
      // Given an answer half streamed
      assertThat(stream.next(2)).extracting(RawSse.Event::name).containsExactly("meta", "token");

      // When the gateway is told to stop
      var closed = CompletableFuture.runAsync(gateway::close);

      // Then a new chat is refused at once, as busy
      await().atMost(Duration.ofSeconds(10)).until(() -> status(url, "another question") == 503);
      try (var refused = RawSse.post(url + "/api/rag/chat", chat("and another"), FARMER)) {
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("2");
        assertThat(JSON.readTree(refused.body()).get("error").asString()).isEqualTo("draining");
      }
      // And it waits for the open stream, which gets the rest of its answer
      await()
          .during(Duration.ofSeconds(1))
          .atMost(Duration.ofSeconds(3))
          .until(() -> !closed.isDone());
      llm.goOn();
      var rest = stream.rest();
      assertThat(rest).extracting(RawSse.Event::name).contains("token").endsWith("done");
      closed.get(30, TimeUnit.SECONDS);
    }
  }

  private static int status(String url, String question) {
    try (var response = RawSse.post(url + "/api/rag/chat", chat(question), FARMER)) {
      return response.status();
    }
  }

  private static String chat(String question) {
    return "{\"message\":\""
        + question
        + "\",\"sensor_uuid\":\"550e8400-e29b-41d4-a716-446655440000\"}";
  }
}
