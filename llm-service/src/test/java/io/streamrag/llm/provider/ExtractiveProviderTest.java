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
    var answer = new StringBuilder();

    List<Integer> cited =
        Futures.await(
                extractive.answer(prompt(context), context, answer::append, Cancellation.none()))
            .cited();

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

    Futures.await(extractive.answer(prompt(context), context, answer::append, Cancellation.none()));

    assertThat(answer.toString()).startsWith("Extractive answer").contains("ETc = Kc × ET0. [1]");
  }

  @Test
  void givenAnArabicQuestionThenTheAnswersOwnSentencesAreArabicAndArabicSourcesAreQuoted() {
    var context = Contexts.arabicEt0("r");
    var answer = new StringBuilder();

    List<Integer> cited =
        Futures.await(
                extractive.answer(prompt(context), context, answer::append, Cancellation.none()))
            .cited();

    assertThat(answer.toString())
        .startsWith("إجابة استخراجية (دون نموذج لغوي؛ الجمل منقولة حرفيًا من المصادر).")
        .contains("حالة مستشعرك الآن: آخر قراءات التربة من مستشعرك")
        .contains("رطوبة التربة 12.5 %. [1]")
        .contains("من المصادر:")
        .contains("التبخر النتحي المرجعي (ET0) هو استهلاك الماء لسطح مرجعي محدد")
        .contains("ويحين الري عندما يبلغ الاستنزاف المتراكم الماء الميسر. [2]")
        .doesNotContain("Extractive", "From the sources", "پاسخ استخراجی")
        .doesNotContain("هكتار يساوي");
    assertThat(cited).containsExactly(1, 2);
  }

  @Test
  void givenAnArabicQuestionWhenNothingIsFoundOrTheKbIsDownThenItSaysSoInArabic() {
    var empty = ContextRetrieved.newBuilder(Contexts.arabicEt0("r")).setPassages(List.of()).build();
    var degraded = ContextRetrieved.newBuilder(empty).setDegraded(true).build();
    var nothing = new StringBuilder();
    var down = new StringBuilder();

    Futures.await(extractive.answer(prompt(empty), empty, nothing::append, Cancellation.none()));
    Futures.await(extractive.answer(prompt(degraded), degraded, down::append, Cancellation.none()));

    assertThat(nothing.toString()).contains("لم أجد في قاعدة المعرفة ما يتناول هذا السؤال.");
    assertThat(down.toString()).contains("قاعدة المعرفة غير متاحة الآن، لذلك لن أجيب من دونها.");
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
    var answer = new StringBuilder();

    Futures.await(extractive.answer(prompt(context), context, answer::append, Cancellation.none()));

    assertThat(answer.toString()).contains("آبیاری قطره\u200cای انجام می\u200cشود. [1]");
  }

  @Test
  void whenTheKnowledgeBaseIsUnavailableItSaysSoAndQuotesNothing() {
    ContextRetrieved degraded =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r"))
            .setDegraded(true)
            .setPassages(List.of())
            .build();
    var answer = new StringBuilder();

    List<Integer> cited =
        Futures.await(
                extractive.answer(prompt(degraded), degraded, answer::append, Cancellation.none()))
            .cited();

    assertThat(answer.toString()).contains("knowledge base is unavailable");
    assertThat(cited).isEmpty();
  }

  @Test
  void withNothingRelevantItSaysItFoundNothing() {
    ContextRetrieved empty =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r")).setPassages(List.of()).build();
    var answer = new StringBuilder();

    Futures.await(extractive.answer(prompt(empty), empty, answer::append, Cancellation.none()));

    assertThat(answer.toString()).contains("I found nothing about this");
  }
}
