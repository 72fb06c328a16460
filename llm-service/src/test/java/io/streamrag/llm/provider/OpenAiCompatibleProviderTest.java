package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.llm.Contexts;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class OpenAiCompatibleProviderTest extends AnswerProviderContract {

  static final FakeOpenAiServer SERVER;
  static final OpenAiCompatibleProvider PROVIDER;

  static {
    try {
      SERVER = new FakeOpenAiServer();
    } catch (java.io.IOException e) {
      throw new ExceptionInInitializerError(e);
    }
    PROVIDER =
        new OpenAiCompatibleProvider(
            SERVER.baseUrl(), "sk-test", "gpt-4o", Duration.ofSeconds(10), new JsonMapper());
  }

  @AfterAll
  static void stop() {
    SERVER.close();
  }

  @Override
  protected AnswerProvider provider() {
    return PROVIDER;
  }

  @Test
  void theRequestStreamsAndCarriesThePromptAsSystemAndTheQuestionAsUser() {
    var context = Contexts.persianMoisture("r");

    PROVIDER.answer(prompt(context), context, t -> {});

    var body = new JsonMapper().readTree(SERVER.lastBody.get());
    assertThat(body.get("model").asString()).isEqualTo("gpt-4o");
    assertThat(body.get("stream").asBoolean()).isTrue();
    assertThat(body.get("messages").get(0).get("role").asString()).isEqualTo("system");
    assertThat(body.get("messages").get(0).get("content").asString())
        .contains("[Source: irrigation/soil-moisture-sensors.fa.md | Relevance: 0.66]")
        .contains("رطوبت خاک 12.5 درصد");
    assertThat(body.get("messages").get(1).get("content").asString())
        .isEqualTo("رطوبت خاک من چقدر است؟");
    assertThat(SERVER.lastAuthorization.get()).isEqualTo("Bearer sk-test");
  }

  @Test
  void anErrorStatusBecomesAClearFailure() throws Exception {
    try (var failing = new FakeOpenAiServer()) {
      failing.failWith(401);
      var provider =
          new OpenAiCompatibleProvider(
              failing.baseUrl(), "bad", "gpt-4o", Duration.ofSeconds(10), new JsonMapper());
      var context = Contexts.englishEt0("r");

      assertThatThrownBy(() -> provider.answer(prompt(context), context, t -> {}))
          .isInstanceOf(ProviderException.class)
          .hasMessageContaining("HTTP 401")
          .hasMessageContaining("Incorrect API key");
    }
  }

  @Test
  void anUnreachableEndpointBecomesAClearFailure() {
    var provider =
        new OpenAiCompatibleProvider(
            "http://127.0.0.1:1/v1", "k", "m", Duration.ofSeconds(5), new JsonMapper());
    var context = Contexts.englishEt0("r");

    assertThatThrownBy(() -> provider.answer(prompt(context), context, t -> {}))
        .isInstanceOf(ProviderException.class)
        .hasMessageContaining("unreachable");
  }
}
