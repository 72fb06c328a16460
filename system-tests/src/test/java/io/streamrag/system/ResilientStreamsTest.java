package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.gateway.GatewayApplication;
import io.streamrag.gateway.relay.AnswerRelay;
import io.streamrag.gateway.relay.PipelineWatch;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.testing.RawSse;
import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.Script;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * Chat streams on real networks, with two gateway replicas and a model that streams slowly (a named
 * fake speaking the OpenAI protocol): each replica relays only its own streams; a client that drops
 * mid-answer on one replica and comes back on the other with Last-Event-ID gets the rest, nothing
 * missed and nothing twice; a client that does not come back stops the model; a model streaming at
 * a real model's pace (30 tokens a second) reaches the client token by token, not at its end.
 */
class ResilientStreamsTest {

  static final String SENSOR = WholeFlowTest.FARMER_SENSOR;
  static final String LONG = "What is ET0 and how do I use it?";
  static final String SHORT = "What is ET0?";
  static final int PIECES = 40;
  static final String PACED = "What does ET0 measure?";
  static final int PACED_PIECES = 60;
  static final JsonMapper JSON = new JsonMapper();
  static RunningSystem system;
  static ConfigurableApplicationContext replicaB;
  static FakeOpenAiServer model;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
    // never closed here: closing a WebFlux context would stop the shared system's HTTP servers; it
    // closes with the system
    replicaB = system.start(GatewayApplication.class, GatewayApplication.CONFIG_NAME);
    model = new FakeOpenAiServer().respond(ResilientStreamsTest::reply);
    system.restartLlm(
        "--LLM_BASE_URL=" + model.baseUrl(),
        "--LLM_MODEL=slow-model",
        "--LLM_PLANNER=deterministic");
    var watchB = replicaB.getBean(PipelineWatch.class);
    await().atMost(Duration.ofSeconds(60)).until(() -> watchB.missing().isEmpty());
    WholeFlowTest.askUntil(
        () -> Http.chat(system.gatewayUrl(), "dev-farmer-key", SENSOR, LONG),
        "piece " + (PIECES - 1),
        Duration.ofSeconds(120));
  }

  @AfterAll
  static void stop() {
    system.restartLlm();
    model.close();
  }

  /** The long question streams 40 pieces 250 ms apart (10 s); any other, four pieces at once. */
  static Script reply(tools.jackson.databind.JsonNode request) {
    var messages = request.get("messages");
    String question = messages.get(messages.size() - 1).get("content").asString();
    if (question.equals(PACED)) { // a real model's pace: 30 tokens a second, 2 s in all
      var script = Script.ok().role();
      for (int i = 0; i < PACED_PIECES; i++) {
        script.content("t" + i + " ").gap(Duration.ofMillis(33));
      }
      return script.finish("stop").usage(42, PACED_PIECES).done();
    }
    if (!question.equals(LONG)) {
      return Script.answer("piece 0 ", "piece 1 ", "piece 2 ", "piece 3 [1]");
    }
    var script = Script.ok().role();
    for (int i = 0; i < PIECES; i++) {
      script.content("piece " + i + " ").pause(Duration.ofMillis(250));
    }
    return script.finish("stop").usage(42, PIECES).done();
  }

  @Test
  void eachReplicaRelaysOnlyItsOwnStreams() {
    // Given two replicas that share chat.answers between them
    var relayA = system.gateway.getBean(AnswerRelay.class);
    var relayB = replicaB.getBean(AnswerRelay.class);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                !relayA.ownedPartitions().isEmpty()
                    && !relayB.ownedPartitions().isEmpty()
                    && relayA.ownedPartitions().size() + relayB.ownedPartitions().size() == 6);
    assertThat(relayA.ownedPartitions()).doesNotContainAnyElementsOf(relayB.ownedPartitions());
    double foreignA = foreign(system.gateway);
    double foreignB = foreign(replicaB);

    // When each answers three questions at once
    var urls = List.of(system.gatewayUrl(), urlOf(replicaB));
    var asked =
        IntStream.range(0, 6)
            .mapToObj(
                i ->
                    CompletableFuture.supplyAsync(
                        () -> Http.chat(urls.get(i % 2), "dev-farmer-key", SENSOR, SHORT)))
            .toList();
    var answers = asked.stream().map(CompletableFuture::join).toList();

    // Then every answer came whole
    assertThat(answers).allSatisfy(a -> assertThat(a.count("done")).isOne());
    // And each stream's events were on a partition its own replica reads
    for (int i = 0; i < answers.size(); i++) {
      String id = answers.get(i).first("meta").get("request_id").asString();
      var relay = i % 2 == 0 ? relayA : relayB;
      assertThat(relay.ownedPartitions()).contains(relay.partitionOf(id));
    }
    // And neither replica read a single event of the other's streams
    assertThat(foreign(system.gateway)).isEqualTo(foreignA);
    assertThat(foreign(replicaB)).isEqualTo(foreignB);
  }

  @Test
  void aStreamDroppedOnOneReplicaResumesOnTheOtherWithNothingMissedOrRepeated() {
    int hangUps = model.hangUps();
    // Given a long answer streaming from replica A, whose client drops after six events
    List<RawSse.Event> before;
    String requestId;
    try (var stream = chat(system.gatewayUrl(), Map.of())) {
      before = stream.next(6);
      requestId = stream.header("X-Request-Id");
    }

    // When it comes back on replica B with the id of the last event it has
    List<RawSse.Event> after;
    try (var stream = chat(urlOf(replicaB), Map.of("Last-Event-ID", before.get(5).id()))) {
      assertThat(stream.status()).isEqualTo(200);
      after = stream.rest();
    }

    // Then the two parts are the whole answer: every event once, in order, ending with done
    var all = new ArrayList<>(before);
    all.addAll(after);
    var ids = all.stream().map(RawSse.Event::id).toList();
    assertThat(ids).doesNotHaveDuplicates();
    var end = all.get(all.size() - 1);
    assertThat(end.name()).as("the last event, %s", end.data()).isEqualTo("done");
    assertThat(all)
        .extracting(e -> Integer.parseInt(e.id().substring(requestId.length() + 1)))
        .containsExactlyElementsOf(IntStream.range(0, all.size()).boxed().toList());
    var text = new StringBuilder();
    all.stream()
        .filter(e -> e.name().equals("token"))
        .forEach(e -> text.append(JSON.readTree(e.data()).get("text").asString()));
    assertThat(text.toString())
        .isEqualTo(
            String.join("", IntStream.range(0, PIECES).mapToObj(i -> "piece " + i + " ").toList()));
    // And the model was never cut off: the client came back within the grace
    assertThat(model.hangUps()).isEqualTo(hangUps);
  }

  @Test
  void aClientThatLeavesAndDoesNotComeBackStopsTheModelAndNoTokenFollows() {
    int hangUps = model.hangUps();
    Instant asked = Instant.now();
    // Given a long answer streaming from replica B, whose client reads four events and leaves
    String requestId;
    try (var stream = chat(urlOf(replicaB), Map.of())) {
      stream.next(4);
      requestId = stream.header("X-Request-Id");
    }

    // Then within the grace (5 s) and a moment, the model's connection is closed
    await().atMost(Duration.ofSeconds(15)).until(() -> model.hangUps() == hangUps + 1);
    // And the answer's events end with "cancelled", long before its last piece
    var events = events(requestId, asked);
    var last = events.get(events.size() - 1);
    assertThat(last.getType()).isEqualTo(AnswerEventType.ERROR);
    assertThat(last.getError().getCode()).isEqualTo("cancelled");
    long tokens = events.stream().filter(e -> e.getType() == AnswerEventType.TOKEN).count();
    assertThat(tokens).isLessThan(PIECES);
    // And nothing follows it, even a while later
    assertThat(events(requestId, asked)).hasSameSizeAs(events);
    System.out.printf(
        "cancel: %d of %d tokens published before the model call stopped%n", tokens, PIECES);
  }

  @Test
  void aModelStreamingThirtyTokensASecondReachesTheClientTokenByToken() {
    // Given a model that streams 60 tokens 33 ms apart (2 s), and token records grouped by linger
    var arrivals = new ArrayList<Long>();
    var text = new StringBuilder();
    try (var stream = chat(system.gatewayUrl(), PACED, Map.of())) {
      // When the client reads the answer as it comes
      for (var e = stream.next(1); !e.isEmpty(); e = stream.next(1)) {
        if (e.get(0).name().equals("token")) {
          arrivals.add(System.nanoTime());
          text.append(JSON.readTree(e.get(0).data()).get("text").asString());
        }
      }
    }

    // Then the text is whole and came as many events spread over the model's pace, not at its end
    assertThat(text.toString())
        .isEqualTo(
            String.join(
                "", IntStream.range(0, PACED_PIECES).mapToObj(i -> "t" + i + " ").toList()));
    double spreadMillis = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e6;
    assertThat(arrivals).hasSizeGreaterThan(PACED_PIECES / 2);
    assertThat(spreadMillis).isGreaterThan(PACED_PIECES * 33 / 2.0);
    double[] gaps = new double[arrivals.size() - 1];
    for (int i = 1; i < arrivals.size(); i++) {
      gaps[i - 1] = (arrivals.get(i) - arrivals.get(i - 1)) / 1e6;
    }
    java.util.Arrays.sort(gaps);
    System.out.printf(
        "model at 30 tokens/s: %d of %d tokens as their own events, first to last %.0f ms (model:"
            + " %d ms), gap p50 %.1f ms, max %.1f ms%n",
        arrivals.size(),
        PACED_PIECES,
        spreadMillis,
        (PACED_PIECES - 1) * 33,
        gaps[gaps.length / 2],
        gaps[gaps.length - 1]);
  }

  private static RawSse chat(String url, Map<String, String> headers) {
    return chat(url, LONG, headers);
  }

  private static RawSse chat(String url, String question, Map<String, String> headers) {
    return RawSse.post(
        url + "/api/rag/chat",
        "{\"message\":\"" + question + "\",\"sensor_uuid\":\"" + SENSOR + "\"}",
        RawSse.bearer("dev-farmer-key", headers));
  }

  /** The request's events on chat.answers, read for two seconds. */
  private static List<AnswerEvent> events(String requestId, Instant from) {
    try (var answers =
        new TopicProbe(
            system.kafka.bootstrapServers(),
            ChatTopics.CHAT_ANSWERS.name(),
            from.minusSeconds(1).toEpochMilli())) {
      return answers.drain(Duration.ofSeconds(2)).stream()
          .map(TopicProbe.Received::value)
          .filter(v -> v instanceof AnswerEvent e && e.getRequestId().equals(requestId))
          .map(AnswerEvent.class::cast)
          .toList();
    }
  }

  private static double foreign(ConfigurableApplicationContext gateway) {
    var counter =
        gateway
            .getBean(MeterRegistry.class)
            .find("gateway.relay.records")
            .tag("stream", "foreign")
            .counter();
    return counter == null ? 0 : counter.count();
  }

  private static String urlOf(ConfigurableApplicationContext gateway) {
    return "http://127.0.0.1:" + gateway.getEnvironment().getProperty("local.server.port");
  }
}
