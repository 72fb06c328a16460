package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.Contexts;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractiveProviderTest extends AnswerProviderContract {

  final ExtractiveProvider extractive = new ExtractiveProvider();

  @Override
  protected AnswerProvider provider() {
    return extractive;
  }

  @Test
  void aPersianQuestionGetsAPersianAnswerLabelledExtractiveWithTheCurrentValueAndQuotes() {
    var context = Contexts.persianMoisture("r");
    var answer = new StringBuilder();

    List<Integer> cited = extractive.answer(prompt(context), context, answer::append).cited();

    assertThat(answer.toString())
        .startsWith("پاسخ استخراجی")
        .contains("وضعیت فعلی حسگر شما")
        .contains("رطوبت خاک 12.5 درصد")
        .contains("وقتی رطوبت خاک به نصف آب قابل استفاده رسید، آبیاری کنید. [2]");
    assertThat(cited).containsExactly(1, 2);
  }

  @Test
  void anEnglishQuestionGetsAnEnglishAnswer() {
    var context = Contexts.englishEt0("r");
    var answer = new StringBuilder();

    extractive.answer(prompt(context), context, answer::append);

    assertThat(answer.toString()).startsWith("Extractive answer").contains("ETc = Kc × ET0. [1]");
  }

  @Test
  void whenTheKnowledgeBaseIsUnavailableItSaysSoAndQuotesNothing() {
    ContextRetrieved degraded =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r"))
            .setDegraded(true)
            .setPassages(List.of())
            .build();
    var answer = new StringBuilder();

    List<Integer> cited = extractive.answer(prompt(degraded), degraded, answer::append).cited();

    assertThat(answer.toString()).contains("knowledge base is unavailable");
    assertThat(cited).isEmpty();
  }

  @Test
  void withNothingRelevantItSaysItFoundNothing() {
    ContextRetrieved empty =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r")).setPassages(List.of()).build();
    var answer = new StringBuilder();

    extractive.answer(prompt(empty), empty, answer::append);

    assertThat(answer.toString()).contains("I found nothing about this");
  }
}
