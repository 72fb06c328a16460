package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.gateway.FakeLlm;
import io.streamrag.gateway.admin.GatewayReplica;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.testing.RawSse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A second gateway replica joins while the first streams answers (a restarted replica coming back,
 * a scale-out), on a real broker; the test answers in llm-service's place ({@link FakeLlm}): the
 * partitions of chat.answers that move take their open streams' readers with them from the exact
 * place reached, and every client gets every token of its answer, once.
 */
class RelayHandOverTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final JsonMapper JSON = new JsonMapper();
  static final Map<String, String> FARMER = Map.of("Authorization", "Bearer dev-farmer-key");
  static final String GROUP =
      "--spring.cloud.stream.bindings.answerRelay-in-0.group=relay-hand-over-test";
  static final int CHATS = 12;
  static final List<String> SECOND_HALF = List.of("c ", "d ", "e ", "f ", "g ", "h");

  @Test
  void streamsWhosePartitionsMoveToAJoiningReplicaMissNothing() throws Exception {
    try (var first = GatewayReplica.start(KAFKA, "demo", GROUP.substring(2))) {
      // Given answers half streamed on the one replica, one on each partition it owns
      var answers = new ArrayList<FakeLlm.Answering>();
      var streams = new ArrayList<CompletableFuture<List<RawSse.Event>>>();
      var ids = new ArrayList<String>();
      for (int i = 0; i < CHATS; i++) {
        String question = "hand over " + i + " " + System.nanoTime();
        var tokens = new ArrayList<>(List.of("a ", "b "));
        tokens.addAll(SECOND_HALF);
        answers.add(
            new FakeLlm(KAFKA)
                .answer(q -> q.getMessage().equals(question), 3, tokens.toArray(String[]::new)));
        var stream = RawSse.post(first.url() + "/api/rag/chat", chat(question), FARMER);
        ids.add(stream.header("X-Request-Id"));
        assertThat(stream.next(3)).extracting(RawSse.Event::name).contains("meta", "token");
        streams.add(CompletableFuture.supplyAsync(stream::rest));
      }

      // When a second replica joins the relay group and takes some of its partitions, while the
      // answers go on (their rest written as the first replica gives the partitions up)
      var relay = first.bean(AnswerRelay.class);
      var joining =
          CompletableFuture.supplyAsync(
              () -> GatewayReplica.start(KAFKA, "demo", GROUP.substring(2)));
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(5))
          .until(() -> relay.ownedPartitions().size() < 6);
      answers.forEach(FakeLlm.Answering::goOn);
      try (var second = joining.get(60, TimeUnit.SECONDS)) {

        // Then every client has its whole answer, each token once
        for (int i = 0; i < CHATS; i++) {
          var events = streams.get(i).get(30, TimeUnit.SECONDS);
          var text = new StringBuilder();
          events.stream()
              .filter(e -> "token".equals(e.name()))
              .forEach(e -> text.append(JSON.readTree(e.data()).get("text").asString()));
          assertThat(text.toString())
              .as(ids.get(i) + " " + events)
              .isEqualTo(String.join("", SECOND_HALF));
          assertThat(events).extracting(RawSse.Event::name).endsWith("done");
        }
      }
    }
  }

  private static String chat(String question) {
    return "{\"message\":\""
        + question
        + "\",\"sensor_uuid\":\"550e8400-e29b-41d4-a716-446655440000\"}";
  }
}
