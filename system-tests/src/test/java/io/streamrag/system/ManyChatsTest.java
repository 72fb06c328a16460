package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.gateway.admission.LoadView;
import io.streamrag.kit.testing.RawSse;
import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Many chats at once with a model that takes seconds per answer (a named fake speaking the OpenAI
 * streaming protocol, which records the calls its client closed early): one key's burst is capped
 * and never holds up another key; a cancel, a hang-up or a full cluster is felt at once.
 */
class ManyChatsTest {

  static final String FARMER = "dev-farmer-key";
  static final String OTHER = "dev-other-key";
  static final JsonMapper JSON = new JsonMapper();

  /** 40 tokens over 4 s, the first after 0.1 s. */
  static final StreamingModel MODEL =
      StreamingModel.start(0, new Pace(Duration.ofMillis(100), 40, Duration.ofSeconds(4)));

  static RunningSystem system;
  final List<RawSse> open = new ArrayList<>();

  @BeforeAll
  static void answerWithTheStreamingModel() {
    system = RunningSystem.shared();
    system.restartLlm(model());
  }

  @AfterAll
  static void restore() {
    system.restartLlm();
    MODEL.close();
  }

  @AfterEach
  void hangUp() {
    open.forEach(RawSse::close);
    // every answer of this test ends (its caller left) before the next test counts model calls
    await().atMost(Duration.ofSeconds(30)).until(() -> MODEL.stats().open() == 0);
    MODEL.reset();
  }

  @Test
  void oneKeysBurstIsCappedAt20AndAnotherKeysFirstTokenComesWhileItStreams() {
    // Given one key opening 25 chats at once
    var burst = new ArrayList<CompletableFuture<RawSse>>();
    for (int i = 0; i < 25; i++) {
      burst.add(
          RawSse.postAsync(
              chatUrl(), question(WholeFlowTest.FARMER_SENSOR), RawSse.bearer(FARMER, Map.of())));
    }
    burst.forEach(f -> open.add(f.join()));

    // Then 20 stream and 5 are refused at once, with when to come back
    var admitted = open.stream().filter(c -> c.status() == 200).toList();
    var refused = open.stream().filter(c -> c.status() == 429).toList();
    assertThat(admitted).hasSize(20);
    assertThat(refused).hasSize(5);
    assertThat(refused.get(0).header("Retry-After")).isEqualTo("2");

    // When another key asks while the burst is being answered
    var other =
        RawSse.post(
            chatUrl(), question(WholeFlowTest.OTHER_SENSOR), RawSse.bearer(OTHER, Map.of()));
    open.add(other);
    assertThat(other.status()).isEqualTo(200);
    var atFirstToken = firstToken(other);

    // Then its first token came while every answer of the burst was still streaming
    assertThat(atFirstToken.completed()).isZero();
    assertThat(MODEL.stats().maxOpen()).isGreaterThanOrEqualTo(21);
    // And each answer of the burst ends with done
    assertThat(admitted.get(0).rest()).anySatisfy(e -> assertThat(e.name()).isEqualTo("done"));
  }

  @Test
  void anExplicitCancelClosesTheModelsConnectionAndEndsTheStream() {
    var chat =
        RawSse.post(
            chatUrl(), question(WholeFlowTest.FARMER_SENSOR), RawSse.bearer(FARMER, Map.of()));
    open.add(chat);
    String requestId = chat.header("X-Request-Id");
    firstToken(chat);

    var cancelled = Http.call("DELETE", system.gatewayUrl() + "/api/rag/chat/" + requestId, FARMER);
    assertThat(cancelled.status()).isEqualTo(202);
    // another key cannot cancel it: to it, the stream does not exist
    assertThat(
            Http.call("DELETE", system.gatewayUrl() + "/api/rag/chat/" + requestId, OTHER).status())
        .isEqualTo(404);

    var rest = chat.rest();
    assertThat(rest.get(rest.size() - 1).name()).isEqualTo("error");
    assertThat(rest.get(rest.size() - 1).data()).contains("\"cancelled\"");
    assertThat(rest).noneMatch(e -> "done".equals(e.name()));
    await().atMost(Duration.ofSeconds(5)).until(() -> MODEL.closedEarly().size() == 1);
    assertThat(MODEL.stats().completed()).isZero();
  }

  @Test
  void aClientThatHangsUpHasItsModelCallClosed() {
    var chat =
        RawSse.post(
            chatUrl(), question(WholeFlowTest.OTHER_SENSOR), RawSse.bearer(OTHER, Map.of()));
    firstToken(chat);

    chat.close();

    await().atMost(Duration.ofSeconds(5)).until(() -> MODEL.closedEarly().size() == 1);
    assertThat(MODEL.stats().completed()).isZero();
  }

  @Test
  void whenEveryAnsweringInstanceIsFullANewChatGets503AtOnce() {
    // Given llm-service with room for 2 answers
    system.restartLlm(model("--llm.max-concurrent-answers=2"));
    var view = system.gateway.getBean(LoadView.class);
    await().atMost(Duration.ofSeconds(30)).until(() -> view.answerBudget() == 2);
    try {
      open.add(
          RawSse.post(
              chatUrl(), question(WholeFlowTest.FARMER_SENSOR), RawSse.bearer(FARMER, Map.of())));
      open.add(
          RawSse.post(
              chatUrl(), question(WholeFlowTest.OTHER_SENSOR), RawSse.bearer(OTHER, Map.of())));
      assertThat(open).allSatisfy(c -> assertThat(c.status()).isEqualTo(200));

      var third =
          RawSse.post(
              chatUrl(), question(WholeFlowTest.OTHER_SENSOR), RawSse.bearer(OTHER, Map.of()));
      open.add(third);

      assertThat(third.status()).isEqualTo(503);
      assertThat(third.header("Retry-After")).isEqualTo("2");
      assertThat(third.body()).contains("\"busy\"");
      // And once an answer ends, there is room again
      assertThat(open.get(0).rest()).anySatisfy(e -> assertThat(e.name()).isEqualTo("done"));
      var fourth =
          RawSse.post(
              chatUrl(), question(WholeFlowTest.FARMER_SENSOR), RawSse.bearer(FARMER, Map.of()));
      open.add(fourth);
      assertThat(fourth.status()).isEqualTo(200);
      assertThat(MODEL.stats().maxOpen()).isLessThanOrEqualTo(2);
    } finally {
      system.restartLlm(model());
    }
  }

  /** Reads the stream up to its first token; what the model had done by then. */
  private static StreamingModel.Stats firstToken(RawSse chat) {
    assertThat(chat.status()).isEqualTo(200);
    for (var events = chat.next(1); !events.isEmpty(); events = chat.next(1)) {
      if ("token".equals(events.get(0).name())) {
        return MODEL.stats();
      }
    }
    throw new AssertionError("the stream ended before its first token");
  }

  private static String chatUrl() {
    return system.gatewayUrl() + "/api/rag/chat";
  }

  private static String question(String sensor) {
    return JSON.createObjectNode()
        .put("message", "How moist is my soil?")
        .put("sensor_uuid", sensor)
        .toString();
  }

  private static String[] model(String... more) {
    var args =
        new ArrayList<>(
            List.of(
                "--LLM_BASE_URL=" + MODEL.baseUrl(),
                "--LLM_MODEL=fake-streaming",
                "--llm.chat.planner=deterministic",
                "--LLM_FALLBACK_TO_EXTRACTIVE=false"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }
}
