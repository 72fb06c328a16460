package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How the deterministic planner splits a question into parts (S3.1), in three languages. */
class DeterministicPlannerDecomposeTest {

  final DeterministicPlanner planner = new DeterministicPlanner(0.5);

  List<String> texts(String question, String language) {
    return planner.decompose(question, language).stream().map(Part::text).toList();
  }

  @Test
  void aDifferenceQuestionBecomesOneQuestionPerSideSharingTheHeadNoun() {
    // given a comparison whose sides share "irrigation"
    // when it is decomposed
    var parts =
        planner.decompose("What is the difference between drip and furrow irrigation?", "en");
    // then each side is a question of its own, about its own side
    assertThat(parts)
        .extracting(Part::text)
        .containsExactly("What is drip irrigation?", "What is furrow irrigation?");
    assertThat(parts.get(0).entities()).containsExactly("drip");
    assertThat(parts.get(1).entities()).containsExactly("furrow");
  }

  @Test
  void aSharedPredicateIsCarriedIntoEachPart() {
    var parts = planner.decompose("How much nitrogen for maize vs wheat?", "en");

    assertThat(parts)
        .extracting(Part::text)
        .containsExactly("How much nitrogen for maize?", "How much nitrogen for wheat?");
    assertThat(parts.get(0).entities()).containsExactly("maize", "nitrogen");
    assertThat(parts).extracting(Part::expects).containsOnly("number");
  }

  @Test
  void etZeroIsNoCropsSoTheCropBeforeIsNotCarriedIntoIt() {
    // ET0 is the reference crop's (FAO-56): a passage on it names no field's crop
    var parts =
        planner.decompose(
            "I grow wheat near Yazd. What is its mid-season Kc? And how high is ET0 in summer?",
            "en");

    assertThat(parts)
        .extracting(Part::text)
        .containsExactly("What is wheat mid-season Kc?", "And how high is ET0 in summer?");
    assertThat(parts.get(1).text()).doesNotContain("wheat");
    assertThat(parts.get(1).entities()).doesNotContain("wheat");
  }

  @Test
  void aQuestionAfterALeadInAndACommaAsksWhileAClauseAfterACommaTells() {
    assertThat(
            texts(
                "Could my seedlings get frost at plant level? one more thing, what wind speed is ok"
                    + " for spraying",
                "en"))
        .hasSize(2)
        .last()
        .asString()
        .contains("wind speed");
    // "…, when the soil was moist" is no question: one part, the sowing told beside it
    assertThat(
            texts(
                "We sowed winter wheat in autumn, when the soil was moist. How much nitrogen does"
                    + " it need?",
                "en"))
        .hasSize(1);
  }

  @Test
  void aSentenceTypedInLowerCaseAfterAFullStopIsASentenceOfItsOwn() {
    // the forecast is told, the frost is asked: the part is the question alone
    assertThat(
            texts(
                "weather app says a low of 2 degrees tonight, no wind. could my seedlings get"
                    + " frost at plant level?",
                "en"))
        .singleElement()
        .asString()
        .startsWith("could my seedlings");
  }

  @Test
  void compareAndAChoiceWithWhichAreSplitToo() {
    assertThat(texts("Compare field capacity and wilting point", "en"))
        .containsExactly("field capacity", "wilting point");
    assertThat(texts("Drip or sprinkler: which uses less water?", "en")).hasSize(2);
  }

  @Test
  void twoJoinedQuestionsBecomeTwoPartsEachAskingForItsOwnKindOfAnswer() {
    var parts =
        planner.decompose(
            "How much nitrogen does maize need and when should I irrigate wheat?", "en");

    assertThat(parts)
        .extracting(Part::text)
        .containsExactly("How much nitrogen does maize need?", "when should I irrigate wheat?");
    assertThat(parts).extracting(Part::expects).containsExactly("number", "date");
  }

  @Test
  void aPlainAndDoesNotSplitAQuestion() {
    assertThat(texts("How do soil moisture and temperature affect germination?", "en")).hasSize(1);
    assertThat(texts("رطوبت و دمای خاک چه اثری بر جوانه‌زنی دارد؟", "fa")).hasSize(1);
  }

  @Test
  void aClauseThatLeavesOutItsSubjectTakesItFromTheClauseBefore() {
    assertThat(texts("What is ET0 and how do I use it?", "en"))
        .containsExactly("What is ET0?", "how do I use ET0?");
    assertThat(texts("When should I apply nitrogen to wheat and how much?", "en"))
        .containsExactly(
            "When should I apply nitrogen to wheat?", "how much apply nitrogen wheat?");
    assertThat(texts("آستانه شوری گندم چقدر است و ضریب گیاهی آن چقدر است؟", "fa"))
        .containsExactly("آستانه شوری گندم چقدر است؟", "ضریب گیاهی گندم چقدر است؟");
    assertThat(texts("ما هو ET0 وكيف يُحسب؟", "ar")).hasSize(2).last().asString().contains("ET0");
  }

  @Test
  void threeQuestionsInOneSentenceAreThreePartsEachAboutTheSameCrop() {
    var parts =
        planner.decompose(
            "What is the mid-season Kc of wheat, what is its salinity threshold, and when is it"
                + " most sensitive to water stress?",
            "en");

    assertThat(parts).hasSize(3);
    assertThat(parts).allSatisfy(p -> assertThat(p.entities()).contains("wheat"));
    assertThat(parts.get(2).expects()).isEqualTo("date");
  }

  @Test
  void severalSentencesAreSeveralParts() {
    assertThat(texts("What is field capacity? What is the wilting point?", "en"))
        .containsExactly("What is field capacity?", "What is the wilting point?");
    // a follow-up's rewrite: the words after its question mark ask nothing of their own
    assertThat(texts("و هفته بعد؟ رطوبت خاک", "fa")).hasSize(1);
  }

  @Test
  void anEnumerationOfCropsIsOnePartPerCrop() {
    assertThat(texts("What is the minimum soil temperature for wheat, maize and cucumber?", "en"))
        .containsExactly(
            "What is the minimum soil temperature for wheat?",
            "What is the minimum soil temperature for maize?",
            "What is the minimum soil temperature for cucumber?");
    assertThat(texts("حداقل دمای خاک برای جوانه‌زنی گندم و ذرت و خیار چقدر است؟", "fa")).hasSize(3);
    assertThat(texts("ما هي أعراض نقص النيتروجين والفوسفور والبوتاسيوم؟", "ar")).hasSize(3);
    assertThat(texts("What is the Kc of tomato and of cotton in mid-season?", "en"))
        .containsExactly(
            "What is the Kc of tomato in mid-season?", "What is the Kc of cotton in mid-season?");
  }

  @Test
  void twoCropsJoinedByAndAreTwoParts() {
    assertThat(texts("How much nitrogen do maize and wheat need?", "en"))
        .containsExactly("How much nitrogen do maize need?", "How much nitrogen do wheat need?");
    assertThat(texts("ذرت و گندم چقدر نیتروژن نیاز دارند؟", "fa"))
        .containsExactly("ذرت چقدر نیتروژن نیاز دارند؟", "گندم چقدر نیتروژن نیاز دارند؟");
  }

  @Test
  void aPersianDifferenceSharesTheHeadNounThatComesFirst() {
    assertThat(texts("تفاوت آبیاری قطره‌ای و بارانی چیست؟", "fa"))
        .containsExactly("آبیاری قطره‌ای چیست؟", "آبیاری بارانی چیست؟");
    assertThat(texts("فرق ظرفیت زراعی و نقطه پژمردگی چیست؟", "fa"))
        .containsExactly("ظرفیت زراعی چیست؟", "نقطه پژمردگی چیست؟");
  }

  @Test
  void aPersianChoiceKeepsWhatBothSidesShare() {
    assertThat(texts("برای خاک شور جو بهتر است یا گندم؟", "fa"))
        .containsExactly("برای خاک شور جو بهتر است؟", "برای خاک شور گندم بهتر است؟");
  }

  @Test
  void persianJoinedQuestionsAreSplitAtTheirAnd() {
    var parts = planner.decompose("گندم چقدر نیتروژن لازم دارد و ذرت را کی آبیاری کنم؟", "fa");

    assertThat(parts)
        .extracting(Part::text)
        .containsExactly("گندم چقدر نیتروژن لازم دارد؟", "ذرت را کی آبیاری کنم؟");
    assertThat(parts).extracting(Part::expects).containsExactly("number", "date");
  }

  @Test
  void anArabicDifferenceIsSplitWhereAndIsGluedToTheSecondSide() {
    assertThat(texts("ما الفرق بين الري بالتنقيط والري بالرش؟", "ar"))
        .containsExactly("ما الري بالتنقيط؟", "ما الري بالرش؟");
    assertThat(texts("ما الفرق بين السعة الحقلية ونقطة الذبول؟", "ar")).hasSize(2);
  }

  @Test
  void eachPartSaysWhatKindOfAnswerItAsksFor() {
    assertThat(expects("How many days does wheat take to emerge?", "en")).isEqualTo("number");
    assertThat(expects("When should I sow maize?", "en")).isEqualTo("date");
    assertThat(expects("Who wrote the soil test guide?", "en")).isEqualTo("person");
    assertThat(expects("Where is saffron grown?", "en")).isEqualTo("place");
    assertThat(expects("What is field capacity?", "en")).isEqualTo("any");
    assertThat(expects("گندم چند روز بعد سبز می‌شود؟", "fa")).isEqualTo("number");
    assertThat(expects("رئال مادرید در چه سالی تاسیس شد؟", "fa")).isEqualTo("date");
    assertThat(expects("گندم را کی بکارم؟", "fa")).isEqualTo("date");
    assertThat(expects("نیوتن کی بود؟", "fa")).isEqualTo("person");
    assertThat(expects("زعفران کجا کشت می‌شود؟", "fa")).isEqualTo("place");
    assertThat(expects("كم يحتاج القمح من الماء؟", "ar")).isEqualTo("number");
    assertThat(expects("متى أروي الذرة؟", "ar")).isEqualTo("date");
    assertThat(expects("من اخترع الري بالتنقيط؟", "ar")).isEqualTo("person");
    assertThat(expects("أين يزرع الفستق؟", "ar")).isEqualTo("place");
  }

  @Test
  void qualifiersAndTechnicalNamesAreEntities() {
    assertThat(planner.decompose("How much water does winter wheat need?", "en").get(0).entities())
        .containsExactly("winter", "wheat");
    assertThat(planner.decompose("How much K2O does a sack of MOP hold?", "en").get(0).entities())
        .containsExactly("k2o");
  }

  String expects(String question, String language) {
    return planner.decompose(question, language).get(0).expects();
  }

  @Test
  void aContractedQuestionWordOrAYesNoQuestionAfterAndStartsAPartCarryingTheSubject() {
    assertThat(
            texts(
                "For barley, what ECe can it handle, and what's its mid-season crop coefficient?",
                "en"))
        .containsExactly(
            "For barley, what ECe can it handle?", "what's barley mid-season crop coefficient?");
    assertThat(
            texts(
                "whats the DTPA critical level for zinc, and can heavy phosphorus fertilizing"
                    + " cause zinc deficiency?",
                "en"))
        .hasSize(2);
  }
}
