package io.streamrag.llm.cancel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.llm.ModelAnswers;
import io.streamrag.llm.ModelOnBroker;
import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.Script;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.StreamChange;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * llm-service against a real broker and a model that streams slowly (a named fake speaking the
 * OpenAI protocol): when the gateway publishes that the caller left, the model's connection is
 * closed and no token follows.
 */
@ModelAnswers
class CancelledAnswerTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String USER = "cancel-test-farmer";
  static final int PIECES = 60;
  static final FakeOpenAiServer MODEL = new FakeOpenAiServer().always(slowAnswer());

  @RegisterExtension
  static final Extension RETRIEVAL = ModelOnBroker.moistureFor(KAFKA, USER, MODEL);

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    ModelOnBroker.register(registry, KAFKA, MODEL::baseUrl, "slow-model");
  }

  /** 60 pieces, 200 ms apart: 12 s of answer. */
  static Script slowAnswer() {
    var script = Script.ok().role();
    for (int i = 0; i < PIECES; i++) {
      script.content("piece " + i + " ").pause(Duration.ofMillis(200));
    }
    return script.finish("stop").usage(42, PIECES).done();
  }

  @Test
  void whenTheCallerLeavesTheModelCallIsClosedAndNoTokenFollows() {
    // Given an answer streaming slowly
    var request = ModelOnBroker.asked(USER, "رطوبت خاک من چقدر است؟", "fa");
    int hangUpsBefore = MODEL.hangUps();
    List<AnswerEvent> events = new CopyOnWriteArrayList<>();
    try (var answers = new TopicProbe(KAFKA.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name())) {
      KAFKA.publish(ChatTopics.CHAT_REQUESTS.name(), request.getConversationId(), request);
      answers.await(
          r -> {
            if (r.value() instanceof AnswerEvent e
                && request.getRequestId().equals(e.getRequestId())) {
              events.add(e);
            }
            return events.stream().filter(e -> e.getType() == AnswerEventType.TOKEN).count() >= 3;
          },
          Duration.ofSeconds(30));

      // When the gateway says its caller left
      KAFKA.publish(
          ChatTopics.CHAT_STREAMS.name(),
          request.getRequestId(),
          ChatStreamChanged.newBuilder()
              .setRequestId(request.getRequestId())
              .setChange(StreamChange.CANCELLED)
              .setUserId(USER)
              .setAt(Instant.now())
              .build());
      answers.await(
          r -> {
            if (r.value() instanceof AnswerEvent e
                && request.getRequestId().equals(e.getRequestId())) {
              events.add(e);
              return e.getType() == AnswerEventType.ERROR || e.getType() == AnswerEventType.DONE;
            }
            return false;
          },
          Duration.ofSeconds(10));
    }

    String id = request.getRequestId();
    // Then the model's connection was closed mid-answer
    await().atMost(Duration.ofSeconds(5)).until(() -> MODEL.hangUps() == hangUpsBefore + 1);
    // And the stream ended with "cancelled", long before the model's last piece
    var last = events.get(events.size() - 1);
    assertThat(last.getType()).isEqualTo(AnswerEventType.ERROR);
    assertThat(last.getError().getCode()).isEqualTo("cancelled");
    var tokens = events.stream().filter(e -> e.getType() == AnswerEventType.TOKEN).toList();
    assertThat(tokens.size()).isBetween(3, PIECES / 2);
    // And nothing was published after it, even a while later
    try (var again = new TopicProbe(KAFKA.bootstrapServers(), ChatTopics.CHAT_ANSWERS.name())) {
      var all =
          again.drain(Duration.ofSeconds(2)).stream()
              .filter(r -> r.value() instanceof AnswerEvent e && e.getRequestId().equals(id))
              .map(r -> (AnswerEvent) r.value())
              .toList();
      assertThat(all).last().isEqualTo(last);
      assertThat(all).hasSameSizeAs(events);
    }
  }
}
