package io.streamrag.retrieval.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KbRouterTest {

  static final List<String> CROPLOGIC = List.of("chat", "fertilization", "irrigation");
  final KbRouter router =
      new KbRouter(
          Map.of(
              "irrigation", List.of("irrigat*", "water*", "moisture", "رطوبت*", "آبیاری*", "آب"),
              "fertilization",
                  List.of("fertili*", "nitrogen", "ec", "کود*", "نیتروژن*", "هدایت الکتریکی"),
              "finance", List.of("money")));

  @Test
  void aPersianMoistureQuestionGoesToIrrigation() {
    assertThat(router.route("رطوبت خاک من چقدر است؟", CROPLOGIC)).containsExactly("irrigation");
  }

  @Test
  void aPersianKeywordMatchesWithSuffixesAndArabicLetterForms() {
    assertThat(router.route("آبیاری‌ها را کی انجام دهم؟", CROPLOGIC)).containsExactly("irrigation");
    assertThat(router.route("كود مناسب چیست", CROPLOGIC)).containsExactly("fertilization");
  }

  @Test
  void anEnglishPrefixKeywordMatchesLongerWords() {
    assertThat(router.route("When should I irrigate the wheat?", CROPLOGIC))
        .containsExactly("irrigation");
  }

  @Test
  void aQuestionSpanningTwoTopicsGoesToBoth() {
    assertThat(router.route("Should I water before applying nitrogen fertilizer?", CROPLOGIC))
        .containsExactly("fertilization", "irrigation");
  }

  @Test
  void aPhraseKeywordNeedsItsWordsInOrder() {
    assertThat(router.route("هدایت الکتریکی خاک بالاست", CROPLOGIC))
        .containsExactly("fertilization");
  }

  @Test
  void aWholeWordKeywordDoesNotMatchInsideAnotherWord() {
    assertThat(router.route("What does the economy expect?", CROPLOGIC)).isEqualTo(CROPLOGIC);
  }

  @Test
  void anUnclearQuestionGoesToEveryKbOfThePipeline() {
    assertThat(router.route("سلام، حالت چطوره؟", CROPLOGIC)).isEqualTo(CROPLOGIC);
  }

  @Test
  void aKbOutsideThePipelineIsNeverChosenWhateverTheQuestionSays() {
    assertThat(router.route("money money money", CROPLOGIC)).doesNotContain("finance");
  }
}
