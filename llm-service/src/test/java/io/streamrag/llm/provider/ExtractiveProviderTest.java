package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.Contexts;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
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
    var answer = answer(context);

    assertThat(answer.text())
        .startsWith("پاسخ استخراجی")
        .contains("وضعیت فعلی حسگر شما")
        .contains("رطوبت خاک 12.5 درصد")
        .contains("وقتی رطوبت خاک به نصف آب قابل استفاده رسید، آبیاری کنید. [2]");
    assertThat(answer.cited()).containsExactly(1, 2);
  }

  @Test
  void anEnglishQuestionGetsAnEnglishAnswer() {
    var context = Contexts.englishEt0("r");
    var answer = answer(context);

    assertThat(answer.text()).startsWith("Extractive answer").contains("ETc = Kc × ET0. [1]");
  }

  @Test
  void givenAnArabicQuestionThenTheAnswersOwnSentencesAreArabicAndArabicSourcesAreQuoted() {
    var context = Contexts.arabicEt0("r");
    var answer = answer(context);

    assertThat(answer.text())
        .startsWith("إجابة استخراجية (دون نموذج لغوي؛ الجمل منقولة حرفيًا من المصادر).")
        .contains("حالة مستشعرك الآن: آخر قراءات التربة من مستشعرك")
        .contains("رطوبة التربة 12.5 %. [1]")
        .contains("من المصادر:")
        .contains("التبخر النتحي المرجعي (ET0) هو استهلاك الماء لسطح مرجعي محدد")
        .contains("ويحين الري عندما يبلغ الاستنزاف المتراكم الماء الميسر. [2]")
        .doesNotContain("Extractive", "From the sources", "پاسخ استخراجی")
        .doesNotContain("هكتار يساوي");
    assertThat(answer.cited()).containsExactly(1, 2);
  }

  @Test
  void givenAnArabicQuestionWhenNothingIsFoundOrTheKbIsDownThenItSaysSoInArabic() {
    var empty = ContextRetrieved.newBuilder(Contexts.arabicEt0("r")).setPassages(List.of()).build();
    var degraded = ContextRetrieved.newBuilder(empty).setDegraded(true).build();
    var nothing = answer(empty);
    var down = answer(degraded);

    assertThat(nothing.text()).contains("لم أجد في قاعدة المعرفة ما يتناول هذا السؤال.");
    assertThat(down.text()).contains("قاعدة المعرفة غير متاحة الآن، لذلك لن أجيب من دونها.");
  }

  @Test
  void givenAPersianSourceWithAZeroWidthNonJoinerThenTheQuoteKeepsIt() {
    var source = Contexts.persianMoisture("r").getPassages().get(1);
    var context =
        ContextRetrieved.newBuilder(Contexts.persianMoisture("r"))
            .setPassages(
                List.of(
                    Passage.newBuilder(source)
                        .setText("وقتی رطوبت خاک کم شود، آبیاری قطره\u200cای انجام می\u200cشود.")
                        .build()))
            .build();
    var answer = answer(context);

    assertThat(answer.text()).contains("آبیاری قطره\u200cای انجام می\u200cشود. [1]");
  }

  @Test
  void whenTheKnowledgeBaseIsUnavailableItSaysSoAndQuotesNothing() {
    ContextRetrieved degraded =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r"))
            .setDegraded(true)
            .setPassages(List.of())
            .build();
    var answer = answer(degraded);

    assertThat(answer.text()).contains("knowledge base is unavailable");
    assertThat(answer.cited()).isEmpty();
  }

  @Test
  void withNothingRelevantItSaysItFoundNothing() {
    ContextRetrieved empty =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r")).setPassages(List.of()).build();
    var answer = answer(empty);

    assertThat(answer.text()).contains("I found nothing about this");
  }

  /** What the extractive provider answers from {@code context}: its text and what it cites. */
  private Answered answer(ContextRetrieved context) {
    var text = new StringBuilder();
    List<Integer> cited =
        Futures.await(
                extractive.answer(prompt(context), context, text::append, Cancellation.none()))
            .cited();
    return new Answered(text.toString(), cited);
  }

  private record Answered(String text, List<Integer> cited) {}
}
