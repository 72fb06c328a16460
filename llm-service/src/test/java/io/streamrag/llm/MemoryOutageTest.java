package io.streamrag.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * llm-service with its database down from the start: it starts, and every chat is answered without
 * memory, flagged in meta. A PostgreSQL outage never fails a chat.
 */
@SpringBootTest(
    classes = LlmApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {
      LlmApplication.CONFIG_NAME,
      // nothing listens on port 1
      "llm.memory.database-url=jdbc:postgresql://127.0.0.1:1/postgres"
    })
class MemoryOutageTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String USER = "outage-test-farmer";

  // no model to close: the chat goes without one
  @RegisterExtension
  static final Extension RETRIEVAL = ModelOnBroker.moistureFor(KAFKA, USER, () -> {});

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
  }

  @Test
  void withTheDatabaseDownEveryTurnIsAnsweredWithoutMemoryAndSaysSo() {
    String conversation = UUID.randomUUID().toString();
    for (String message : new String[] {"رطوبت خاک من چقدر است؟", "و هفته بعد؟", "و فردا؟"}) {
      var request =
          ChatRequested.newBuilder(LlmServiceTest.request(conversation, message, "croplogic"))
              .setUserId(USER)
              .build();

      var answer = LlmServiceTest.ask(request);

      assertThat(answer.first().getMeta().getMemory()).isEqualTo("unavailable");
      assertThat(answer.text()).contains("12.5");
      assertThat(answer.last().getType()).isEqualTo(AnswerEventType.DONE);
    }
  }
}
