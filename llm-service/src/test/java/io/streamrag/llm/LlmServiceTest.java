package io.streamrag.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * llm-service alone against a real broker: a context in, an ordered stream of answer events out.
 */
@SpringBootTest(
    classes = LlmApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = LlmApplication.CONFIG_NAME)
class LlmServiceTest {

  static final LocalKafka KAFKA = LocalKafka.shared();

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  @Test
  void aContextBecomesMetaThenTokensThenCitationsThenDone() {
    String id = UUID.randomUUID().toString();
    KAFKA.publish(Topics.CHAT_CONTEXTS.name(), id, Contexts.persianMoisture(id));

    var events = collect(id);

    assertThat(events.get(0).getType()).isEqualTo(AnswerEventType.META);
    assertThat(events.get(0).getMeta().getProvider()).isEqualTo("extractive");
    assertThat(events.get(0).getMeta().getKb()).isEqualTo("irrigation");
    assertThat(events).extracting(AnswerEvent::getSeq).isSorted().doesNotHaveDuplicates();
    String answer =
        events.stream()
            .filter(e -> e.getType() == AnswerEventType.TOKEN)
            .map(AnswerEvent::getText)
            .reduce("", String::concat);
    assertThat(answer).contains("12.5");
    assertThat(events).filteredOn(e -> e.getType() == AnswerEventType.CITATION).isNotEmpty();
    assertThat(events.get(events.size() - 1).getType()).isEqualTo(AnswerEventType.DONE);
  }

  private static List<AnswerEvent> collect(String id) {
    var events = new ArrayList<AnswerEvent>();
    try (var answers = new TopicProbe(KAFKA.bootstrapServers(), Topics.CHAT_ANSWERS.name())) {
      answers.await(
          r -> {
            if (r.value() instanceof AnswerEvent e && id.equals(e.getRequestId())) {
              events.add(e);
              return e.getType() == AnswerEventType.DONE || e.getType() == AnswerEventType.ERROR;
            }
            return false;
          },
          Duration.ofSeconds(20));
    }
    return events;
  }
}
