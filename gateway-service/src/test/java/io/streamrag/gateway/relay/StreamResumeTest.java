package io.streamrag.gateway.relay;

import static io.streamrag.gateway.DemoSensors.MINE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.gateway.FakeLlm;
import io.streamrag.gateway.GatewayApplication;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.testing.RawSse;
import io.streamrag.schemas.chat.StreamChange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chat streams on a bad network, gateway-service alone against a real broker (the test answers in
 * llm-service's place): a client that drops mid-answer and comes back with {@code Last-Event-ID}
 * gets the rest, nothing missed and nothing twice, in either API; one that does not come back has
 * its answer cancelled after the grace.
 */
@SpringBootTest(
    classes = GatewayApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      GatewayApplication.CONFIG_NAME,
      "gateway.chat.answer-timeout=10s",
      "gateway.streams.cancel-grace=1500ms",
      "gateway.streams.max-resumes-per-key=2",
      "gateway.watch.stages="
    })
@ActiveProfiles("demo")
class StreamResumeTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final JsonMapper JSON = new JsonMapper();

  @LocalServerPort int port;
  @Autowired MeterRegistry meters;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  @Test
  void aChatClientThatDropsMidAnswerAndComesBackGetsTheRestOnceAndTheAnswerIsNotCancelled() {
    // Given an answer of meta and four tokens, of which the first two are published at once
    var llm =
        new FakeLlm(KAFKA)
            .answer(q -> q.getMessage().equals("resume me"), 3, "one ", "two ", "three ", "four");
    List<RawSse.Event> before;
    String requestId;
    try (var stream = chat("dev-farmer-key", "resume me", Map.of())) {
      before = stream.next(3);
      requestId = stream.header("X-Request-Id");
    } // When the client's network drops after meta and two tokens
    llm.goOn();
    llm.done.join();

    // And it comes back with the id of the last event it has, within the grace
    List<RawSse.Event> after;
    try (var stream =
        chat("dev-farmer-key", "resume me", Map.of("Last-Event-ID", before.get(2).id()))) {
      assertThat(stream.status()).isEqualTo(200);
      after = stream.rest();
    }

    // Then together the two parts are the whole answer, each event once, in order (the two trace
    // steps of one record have an id each)
    var all = new ArrayList<>(before);
    all.addAll(after);
    assertThat(all)
        .extracting(RawSse.Event::id)
        .containsExactly(
            requestId + ":0",
            requestId + ":1",
            requestId + ":2",
            requestId + ":3",
            requestId + ":4",
            requestId + ":5",
            requestId + ":6",
            requestId + ":7",
            requestId + ":8");
    assertThat(all)
        .extracting(RawSse.Event::name)
        .containsExactly(
            "meta", "token", "token", "token", "token", "trace", "trace", "citation", "done");
    // And its answer was not cancelled: the client came back in time
    assertThat(StreamChanges.of(KAFKA.bootstrapServers(), requestId, Duration.ofSeconds(3)))
        .containsExactly(StreamChange.OPENED, StreamChange.RESUMED);
  }

  @Test
  void anOpenAiStreamResumesToo() {
    var llm =
        new FakeLlm(KAFKA).answer(q -> q.getMessage().equals("resume chunks"), 2, "a", "b", "c");
    String body =
        "{\"model\":\"croplogic\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"resume chunks\"}]}";
    List<RawSse.Event> before;
    try (var stream =
        RawSse.post(
            url("/v1/chat/completions"), body, Map.of("Authorization", "Bearer dev-farmer-key"))) {
      before = stream.next(2);
    }
    llm.goOn();
    llm.done.join();

    List<RawSse.Event> after;
    try (var stream =
        RawSse.post(
            url("/v1/chat/completions"),
            body,
            Map.of(
                "Authorization", "Bearer dev-farmer-key", "Last-Event-ID", before.get(1).id()))) {
      after = stream.rest();
    }

    var text = new StringBuilder();
    for (var e : concat(before, after)) {
      if (!e.data().equals("[DONE]")) {
        text.append(JSON.readTree(e.data()).at("/choices/0/delta/content").asString(""));
      }
    }
    assertThat(text.toString()).isEqualTo("abc");
    assertThat(after.get(after.size() - 1).data()).isEqualTo("[DONE]");
    var last = JSON.readTree(after.get(after.size() - 2).data());
    // the final chunk still carries what the events before the drop said
    assertThat(last.at("/x_streamrag/citations").size()).isEqualTo(1);
    assertThat(last.at("/x_streamrag/trace").size()).isEqualTo(2);
  }

  @Test
  void aClientThatDoesNotComeBackHasItsAnswerCancelledAndNobodyElseMayResumeIt() {
    var llm = new FakeLlm(KAFKA).answer(q -> q.getMessage().equals("leave me"), 2, "x", "y");
    String requestId;
    String lastId;
    try (var stream = chat("dev-farmer-key", "leave me", Map.of())) {
      lastId = stream.next(2).get(1).id();
      requestId = stream.header("X-Request-Id");
    }

    // Then after the grace the answer is cancelled: llm-service reads that and stops
    assertThat(StreamChanges.of(KAFKA.bootstrapServers(), requestId, Duration.ofSeconds(5)))
        .containsExactly(StreamChange.OPENED, StreamChange.CANCELLED);
    llm.goOn();
    // And another key cannot resume it: to it, the stream does not exist
    try (var stream = chat("dev-other-key", "leave me", Map.of("Last-Event-ID", lastId))) {
      assertThat(stream.status()).isEqualTo(404);
    }
    // And a malformed id is a 400
    try (var stream = chat("dev-farmer-key", "leave me", Map.of("Last-Event-ID", "nonsense"))) {
      assertThat(stream.status()).isEqualTo(400);
    }
  }

  @Test
  void aKeyHoldsAtMostItsShareOfResumedStreamsAndTheyAreReadByOneConsumer() {
    // Given an answer whose meta and first token are out, and whose client left after the meta
    var llm = new FakeLlm(KAFKA).answer(q -> q.getMessage().equals("resume twice"), 2, "a ", "b");
    String metaId;
    try (var stream = chat("dev-farmer-key", "resume twice", Map.of())) {
      metaId = stream.next(1).get(0).id();
    }
    var resume = Map.of("Last-Event-ID", metaId);

    // When the key resumes it twice at once (its share on a replica is 2 here)
    try (var first = chat("dev-farmer-key", "resume twice", resume);
        var second = chat("dev-farmer-key", "resume twice", resume)) {
      assertThat(first.next(1)).extracting(RawSse.Event::name).containsExactly("token");
      assertThat(second.next(1)).extracting(RawSse.Event::name).containsExactly("token");

      // Then a third is refused while both are open
      try (var third = chat("dev-farmer-key", "resume twice", resume)) {
        assertThat(third.status()).isEqualTo(429);
        assertThat(third.body()).contains("too_many_streams");
      }
      // And the replica reads both with its one shared Kafka consumer
      assertThat(meters.get("gateway.relay.replay.consumers").gauge().value()).isEqualTo(1);
      assertThat(meters.get("gateway.relay.replay.reads").gauge().value())
          .isGreaterThanOrEqualTo(2);
    }

    // And once the two are gone the key may resume again
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              try (var again = chat("dev-farmer-key", "resume twice", resume)) {
                assertThat(again.status()).isEqualTo(200);
              }
            });
    llm.goOn();
    llm.done.join();
  }

  private RawSse chat(String key, String message, Map<String, String> headers) {
    var all = new java.util.HashMap<>(headers);
    all.put("Authorization", "Bearer " + key);
    return RawSse.post(
        url("/api/rag/chat"),
        "{\"message\":\"" + message + "\",\"sensor_uuid\":\"" + MINE + "\"}",
        all);
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    var all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }
}
