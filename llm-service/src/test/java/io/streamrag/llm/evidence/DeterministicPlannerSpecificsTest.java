package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A passage about the question's subject that never says the thing asked is no evidence: the one a
 * superlative or ordinal picks, the things a how-many counts, a crop's own figure (S3.4).
 */
class DeterministicPlannerSpecificsTest {

  final DeterministicPlanner planner = new DeterministicPlanner(0.5);

  Verdict judge(String question, String language, String passage, String passageLanguage) {
    Part part = planner.decompose(question, language).get(0);
    var candidate = DeterministicPlannerJudgeTest.passage(passage, passageLanguage);
    return planner.judge(part, List.of(candidate)).get(0);
  }

  @Test
  void aPageListingTheAirportsDoesNotSayWhichIsTheLargest() {
    var verdict =
        judge(
            "بزرگترین فرودگاه ایران کجاست؟",
            "fa",
            "فرودگاه امام خمینی و فرودگاه مهرآباد دو فرودگاه ایران در تهران هستند.",
            "fa");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason())
        .isEqualTo("the question asks for the بزرگترین; the passage never says it");
  }

  @Test
  void thePassageThatSaysWhichIsTheLargestAnswersEvenWrittenApart() {
    var verdict =
        judge(
            "بزرگترین فرودگاه ایران کجاست؟",
            "fa",
            "فرودگاه امام خمینی بزرگ ترین فرودگاه ایران است و در جنوب تهران قرار دارد.",
            "fa");

    assertThat(verdict.accepted()).isTrue();
  }

  @Test
  void theLastIrrigationIsNotAnsweredByAPassageThatNamesNoLastOne() {
    var verdict =
        judge(
            "What is the last irrigation of wheat?",
            "en",
            "Wheat is irrigated at tillering, at booting and during grain filling.",
            "en");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason())
        .isEqualTo("the question asks for the last; the passage never says it");
  }

  @Test
  void theLastIrrigationIsAnsweredWhereThePassageNamesIt() {
    var verdict =
        judge(
            "What is the last irrigation of wheat?",
            "en",
            "The last irrigation of wheat is given at the milk stage of grain filling.",
            "en");

    assertThat(verdict.accepted()).isTrue();
  }

  @Test
  void howManyKilogramsIsAnsweredByAFigureWhateverWayItWritesTheUnit() {
    // given a question counting kilograms and the passage that writes them "kg"
    var verdict =
        judge(
            "How many kilograms of urea supply 120 kg of nitrogen per hectare?",
            "en",
            "Urea contains 46 % nitrogen: 100 kg of urea supplies 46 kg of N, so 120 kg N per"
                + " hectare needs about 261 kg of urea.",
            "en");

    assertThat(verdict.accepted()).isTrue();
  }

  @Test
  void aHowManyQuestionNeedsANumberOfTheThingsItCounts() {
    // given a question counting bags and a passage that gives a rate but counts no bags
    var verdict =
        judge(
            "گندم آبی در هکتار چند کیسه اوره می‌خواهد؟",
            "fa",
            "گندم آبی در هکتار حدود ۲۰۰ کیلوگرم نیتروژن از اوره می‌خواهد.",
            "fa");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason()).isEqualTo("no number of کیسه for a how-many question");
  }

  @Test
  void aHowManyQuestionIsAnsweredByTheNumberOfThoseThings() {
    var verdict =
        judge(
            "گندم آبی در هکتار چند کیسه اوره می‌خواهد؟",
            "fa",
            "گندم آبی در هکتار حدود ۴۰۰ کیلوگرم اوره، یعنی ۸ کیسه ۵۰ کیلوگرمی، می‌خواهد.",
            "fa");

    assertThat(verdict.accepted()).isTrue();
  }

  @Test
  void anEnglishHowManyIsCheckedTheSameWay() {
    var rate =
        judge(
            "How many splits of nitrogen does wheat get?",
            "en",
            "Irrigated wheat gets about 150 kg of nitrogen per hectare in total.",
            "en");
    var splits =
        judge(
            "How many splits of nitrogen does wheat get?",
            "en",
            "Nitrogen for irrigated wheat is given in three splits: at sowing, tillering and booting.",
            "en");

    assertThat(rate.accepted()).isFalse();
    assertThat(rate.reason()).isEqualTo("no number of splits for a how-many question");
    assertThat(splits.accepted()).isTrue();
  }

  @Test
  void aSymbolTheQuestionNamesMustBeInThePassage() {
    // Ky (the yield response factor) is not Kc, though the passage gives barley a figure
    var kc =
        judge(
            "كم معامل استجابة المحصول Ky للشعير؟",
            "ar",
            "القيم التقريبية لمنتصف الموسم وفق FAO-56: القمح والشعير Kc 1.15، والذرة 1.20.",
            "ar");
    var ky =
        judge(
            "كم معامل استجابة المحصول Ky للشعير؟",
            "ar",
            "معامل استجابة المحصول Ky للشعير 1.05 على مدى الموسم.",
            "ar");

    assertThat(kc.accepted()).isFalse();
    assertThat(kc.reason()).isEqualTo("the question asks about Ky; the passage never names it");
    assertThat(ky.accepted()).isTrue();
  }

  @Test
  void anArabicHowMuchWithAVerbCountsNothing() {
    // «كم تخسر» is "how much does it lose", not "how many losses"
    var verdict =
        judge(
            "كم تخسر الطماطم من محصولها لكل ديسيسيمنز/م فوق العتبة؟",
            "ar",
            "ينخفض محصول الطماطم مثلًا 10% لكل ديسيسيمنز/م إضافي فوق العتبة.",
            "ar");

    assertThat(verdict.accepted()).isTrue();
  }

  @Test
  void howManyDeciSiemensAsksTheCropsOwnFigure() {
    // pistachio is named as tolerant, with no figure of its own
    var verdict =
        judge(
            "آستانه تحمل شوری پسته چند دسی‌زیمنس بر متر است؟",
            "fa",
            "آستانه شوری گندم 6 دسی‌زیمنس بر متر است. پسته در میان درختان میوه نسبتاً متحمل به"
                + " شوری است. بیشتر گیاهان، از جمله گندم و جو، در جوانه‌زنی حساس‌ترند.",
            "fa");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason()).isEqualTo("no figure next to پسته for a how-much question");
  }

  @Test
  void aCropMentionedInPassingHasNoFigureForAHowMuchQuestion() {
    // given a rotation page naming canola on one line and a figure for alfalfa on the next
    var verdict =
        judge(
            "کلزا در هکتار چقدر نیتروژن می‌خواهد؟",
            "fa",
            "در تناوب، گندم و سپس کلزا بکارید و برای نیتروژن خاک، یونجه بکارید.\n"
                + "یونجه ۳ تا ۴ ساله و سپس گندم.",
            "fa");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason()).isEqualTo("no figure next to کلزا for a how-much question");
  }

  @Test
  void theCropsOwnFigureAnswersAHowMuchQuestionInEitherLanguage() {
    var persian =
        judge(
            "کلزا در هکتار چقدر نیتروژن می‌خواهد؟",
            "fa",
            "کلزا در هکتار حدود ۱۵۰ کیلوگرم نیتروژن می‌خواهد.",
            "fa");
    var english =
        judge(
            "How much nitrogen does canola need per hectare?",
            "en",
            "Canola needs about 150 kg of nitrogen per hectare.",
            "en");

    assertThat(persian.accepted()).isTrue();
    assertThat(english.accepted()).isTrue();
  }

  @Test
  void aFigureInTheSentenceAfterTheCropAnswersWhenThatSentenceNamesNoOtherCrop() {
    // given a page that names tomato once, then gives its transplanting temperature
    var afterTheCrop =
        judge(
            "نشای گوجه‌فرنگی را در چند درجه دمای خاک به زمین منتقل کنم؟",
            "fa",
            "گوجه‌فرنگی مهم‌ترین محصول سبزی ایران است.\n"
                + "نشاها وقتی دمای خاک از حدود 15 درجه بالاتر رفت به زمین منتقل شوند.",
            "fa");
    // and one whose next sentence is another crop's figure
    var anotherCrops =
        judge(
            "How many kilograms of nitrogen does canola need per hectare?",
            "en",
            "Canola follows wheat in the rotation.\nAlfalfa needs about 30 kg of nitrogen.",
            "en");

    assertThat(afterTheCrop.accepted()).isTrue();
    assertThat(anotherCrops.accepted()).isFalse();
    assertThat(anotherCrops.reason()).isEqualTo("no figure next to canola for a how-much question");
  }

  @Test
  void howManyKilogramsInArabicAsksTheCropsFigureWhateverItsCase() {
    // «كم كيلوغرامًا» counts a unit in the accusative: a figure is asked, as "how much" asks it
    var verdict =
        judge(
            "كم كيلوغرامًا من النيتروجين يحتاج الشمندر السكري للهكتار؟",
            "ar",
            "يُزرع الشمندر السكري بعد القمح في الدورة.\n"
                + "يحتاج القمح المروي إلى 150 كيلوغرامًا من النيتروجين للهكتار.",
            "ar");

    assertThat(verdict.accepted()).isFalse();
    assertThat(verdict.reason()).startsWith("no figure next to");
  }
}
