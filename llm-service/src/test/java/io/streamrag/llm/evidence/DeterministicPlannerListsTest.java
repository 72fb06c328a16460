package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages as farmers write them (S3.1): several questions as a numbered list, a story about the
 * farm before or after the question, a compound crop name in a choice, a spoken Persian question
 * word. What tells is never a part of its own, nor a word a passage must hold; the crop it names
 * still helps find each part's passages.
 */
class DeterministicPlannerListsTest {

  final DeterministicPlanner planner = new DeterministicPlanner(0.5);

  List<String> texts(String question, String language) {
    return planner.decompose(question, language).stream().map(Part::text).toList();
  }

  @Test
  void aNumberedListIsOneQuestionPerItemAndTheStoryBeforeItIsNoPart() {
    var parts =
        planner.decompose(
            "Setting up drip on 12 ha of field tomatoes this spring. 1) what Kc should I use in"
                + " mid season 2) how much water can they use before irrigating 3) total"
                + " nitrogen for the season roughly?",
            "en");

    assertThat(parts).hasSize(3);
    // each part is searched with the crop the story names
    assertThat(parts).extracting(Part::text).allMatch(t -> t.contains("tomatoes"));
    assertThat(parts).extracting(Part::text).noneMatch(t -> t.contains("12 ha"));
    // but a passage need not name it: the story told it, no question asked about it
    assertThat(parts.get(0).entities()).doesNotContain("tomatoes", "tomato");
  }

  @Test
  void aPersianListOnLinesWithPersianDigitsIsSplitToo() {
    var parts =
        texts(
            "باغ پسته تو یزد دارم:\n۱) ET0 تابستون اینجا حدوداً چقدره\n۲) ضریب گیاهی پسته چنده\n"
                + "۳) اگه آبیاری یک در میان جویچه کنم چقدر آب صرفه‌جویی میشه؟",
            "fa");

    assertThat(parts).hasSize(3);
    assertThat(parts.get(0)).startsWith("ET0 تابستون");
    assertThat(parts.get(1)).startsWith("ضریب گیاهی پسته");
  }

  @Test
  void figuresAndDecimalsAreNoList() {
    assertThat(texts("Is an EC of 2.5 dS/m too high for tomato?", "en")).hasSize(1);
    assertThat(texts("My soil test says pH 8. Is that too high for wheat?", "en"))
        .containsExactly("Is that too high for wheat?");
  }

  @Test
  void aLabReportBeforeTheQuestionsIsNotSearchedNorJudged() {
    var parts =
        texts(
            "Soil lab report came back: Olsen P 8 and DTPA zinc 0.6. Below what Olsen P value is"
                + " phosphorus rated low, and what's the critical level for DTPA zinc?",
            "en");

    assertThat(parts)
        .containsExactly(
            "Below what Olsen P value is phosphorus rated low?",
            "what's the critical level for DTPA zinc?");
  }

  @Test
  void aStoryAfterTheQuestionIsNotAPartEvenWithAQuestionWordInside() {
    assertThat(
            texts(
                "which handles salty soil better, barley or sugar beet? our well water got saltier"
                    + " and im deciding what to plant",
                "en"))
        .containsExactly(
            "which handles salty soil better, barley?",
            "which handles salty soil better, sugar beet?");
  }

  @Test
  void aSpokenPersianQuestionWordStartsAQuestionOfItsOwn() {
    assertThat(
            texts(
                "رو کیسه کود K2O نوشته، چطور تبدیلش کنم به پتاسیم خالص و حد بحرانی آهن تو آزمون DTPA"
                    + " چقدره؟",
                "fa"))
        .hasSize(2)
        .last()
        .isEqualTo("حد بحرانی آهن تو آزمون DTPA چقدره؟");
  }

  @Test
  void twoCircumstancesOfOneQuestionAreTwoParts() {
    assertThat(texts("what kc does wheat have at the start of the season and at the end", "en"))
        .containsExactly(
            "what kc does wheat have at the start of the season",
            "what kc does wheat have at the end");
    assertThat(texts("ما معامل المحصول للقمح في بداية الموسم وفي نهايته؟", "ar"))
        .containsExactly(
            "ما معامل المحصول للقمح في بداية الموسم؟", "ما معامل المحصول للقمح في نهايته؟");
  }

  @Test
  void questionsSeparatedBySemicolonsOrSpacedSlashesAreOnePartEach() {
    assertThat(
            texts(
                "best wind speed for spraying; how often to scout when pest risk is high; what"
                    + " heat hurts wheat at grain filling",
                "en"))
        .hasSize(3);
    assertThat(texts("hectares in one km² / one acre in hectares", "en"))
        .containsExactly("hectares in one km²", "one acre in hectares");
    // a unit's slash is no separator
    assertThat(texts("Is 3 dS/m too salty for beans?", "en")).hasSize(1);
  }

  @Test
  void aChoiceAskedWithAComparativeIsOnePartPerCrop() {
    assertThat(texts("تحمل شوری چغندرقند بیشتره یا گندم؟", "fa"))
        .containsExactly("تحمل شوری چغندرقند بیشتره؟", "تحمل شوری گندم بیشتره؟");
    assertThat(texts("Which needs more water, wheat or maize?", "en")).hasSize(2);
  }

  @Test
  void itsStandsForTheCropAndCropsInGeneralTakeNoCrop() {
    var parts =
        texts("What seasonal nitrogen rate is normal for wheat? And its Kc in mid-season?", "en");
    assertThat(parts.get(1)).contains("wheat").doesNotContain("nitrogen");

    assertThat(texts("How much lime per hectare? And what pH do most crops prefer?", "en").get(1))
        .doesNotContain("lime");
  }

  @Test
  void aFewTopicWordsAfterTheQuestionStayWithItAsWritten() {
    // a follow-up's standalone rewrite: the question, then what it is about
    assertThat(texts("و هفته بعد؟ رطوبت خاک", "fa")).containsExactly("و هفته بعد؟ رطوبت خاک");
  }

  @Test
  void aQuestionOfEachAfterAChoiceIsAskedOncePerSide() {
    assertThat(texts("تحمل شوری چغندرقند بیشتره یا گندم؟ آستانه هر کدوم چنده؟", "fa"))
        .containsExactly(
            "تحمل شوری چغندرقند بیشتره؟",
            "تحمل شوری گندم بیشتره؟",
            "آستانه چغندرقند چنده؟",
            "آستانه گندم چنده؟");
    assertThat(
            texts(
                "Which tolerates more salt, barley or tomato? What is the threshold of each?",
                "en"))
        .endsWith("What is the threshold of barley?", "What is the threshold of tomato?");
  }

  @Test
  void aLaterQuestionWithANutrientButNoCropAsksAboutTheCropBefore() {
    assertThat(texts("How much nitrogen does wheat need, and how much phosphorus?", "en"))
        .last()
        .asString()
        .contains("phosphorus")
        .contains("wheat");
  }
}
