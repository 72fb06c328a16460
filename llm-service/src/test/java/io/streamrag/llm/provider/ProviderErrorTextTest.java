package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.llm.LlmApplication;
import io.streamrag.llm.ModelOnBroker;
import io.streamrag.llm.ServiceEvents;
import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.Script;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEventType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What a user learns when the model provider fails, against a real broker and a model that answers
 * every call with an error whose text names the provider's internals (a named fake speaking the
 * OpenAI protocol): the answer comes from the extractive fallback, and the done event names the
 * provider and a code, never the provider's own text (the operators' log keeps that).
 */
@SpringBootTest(
    classes = LlmApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {LlmApplication.CONFIG_NAME, "llm.chat.planner=deterministic"})
class ProviderErrorTextTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String USER = "provider-error-test-farmer";
  static final String INTERNALS = "quota exceeded for org-7731 on cluster gpu-eu-4";
  static final FakeOpenAiServer MODEL =
      new FakeOpenAiServer().always(Script.status(500, INTERNALS));

  @RegisterExtension
  static final Extension RETRIEVAL = ModelOnBroker.moistureFor(KAFKA, USER, MODEL);

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    ModelOnBroker.register(registry, KAFKA, MODEL::baseUrl, "failing-model");
  }

  @Test
  void aFailedProviderIsNamedWithACodeAndItsErrorTextReachesNoUser() {
    // Given a question, and a model provider that fails it with text about its internals
    var request = ModelOnBroker.asked(USER, "رطوبت خاک من چقدر است؟", "fa");

    // When llm-service answers it
    KAFKA.publish(ChatTopics.CHAT_REQUESTS.name(), request.getConversationId(), request);
    var answer = ServiceEvents.collect(KAFKA.bootstrapServers(), request.getRequestId());

    // Then the provider was asked, and the answer came from the extractive fallback
    assertThat(MODEL.requests()).isPositive();
    assertThat(answer.last().getType()).isEqualTo(AnswerEventType.DONE);
    assertThat(answer.last().getDone().getProvider()).isEqualTo("extractive");
    // And the user is told which provider failed and how, in a code
    assertThat(answer.last().getDone().getFallbacks()).containsExactly("primary: failed");
    // And nothing the user gets carries the provider's own text
    assertThat(answer.events()).allSatisfy(e -> assertThat(e.toString()).doesNotContain("gpu-eu"));
  }
}
