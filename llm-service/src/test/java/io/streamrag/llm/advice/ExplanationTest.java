package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.ModelCalls;
import io.streamrag.llm.provider.openai.Script;
import io.streamrag.schemas.chat.Passage;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The model explains a computed recommendation, against a local server speaking the OpenAI protocol
 * (a fake: no model runs here).
 */
class ExplanationTest {

  final FakeOpenAiServer model =
      new FakeOpenAiServer().respond(r -> Script.answer("آبیاری لازم است: ", "۴۷ میلی‌متر [1]."));
  final Explanation explanation = new Explanation(ModelCalls.chain(model));

  @AfterEach
  void stop() {
    model.close();
  }

  @Test
  void theModelIsGivenTheComputedNumbersTheQuestionAndThePassagesAndAnswersInTheFarmersLanguage() {
    var passage =
        new Passage(
            "p",
            "Irrigate at half of the available water.",
            "irrigation/a.en.md",
            "irrigation",
            "__global__",
            0,
            "en",
            0.8,
            null);

    var text =
        explanation
            .of(
                "{\"irrigation_needed\":true,\"amount_mm\":47.0}",
                "آب بدهم؟",
                "fa",
                List.of(passage))
            .join();

    assertThat(text).contains("آبیاری لازم است: ۴۷ میلی‌متر [1].");
    String system = model.last().body().get("messages").get(0).get("content").asString();
    String user = model.last().body().get("messages").get(1).get("content").asString();
    assertThat(system).contains("in Persian").contains("never change");
    assertThat(user)
        .contains("\"amount_mm\":47.0")
        .contains("The farmer asked: آب بدهم؟")
        .contains("[1] irrigation/a.en.md");
  }

  @Test
  void whenTheModelFailsTheTemplateReasonStands() {
    model.respond(r -> Script.status(500, "down"));

    assertThat(explanation.of("{}", null, "en", List.of()).join()).isEmpty();
  }

  @Test
  void withoutAModelNothingIsAsked() {
    assertThat(new Explanation(null).of("{}", null, "en", List.of()).join()).isEmpty();
    assertThat(model.requests()).isZero();
  }
}
