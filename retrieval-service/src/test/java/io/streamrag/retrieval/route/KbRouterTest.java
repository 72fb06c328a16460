package io.streamrag.retrieval.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.text.Language;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KbRouterTest {

  /** The demo pipeline's KBs with their descriptions as in demo-knowledge/&lt;kb&gt;/kb.yml. */
  static final List<KbRouter.Kb> PIPELINE =
      List.of(
          new KbRouter.Kb(
              "chat",
              "General agriculture: soil health, crop rotation, soil temperature and germination,"
                  + " frost risk, reading a weather forecast for field work, pest and disease"
                  + " prevention, common crops of Iran. / کشاورزی عمومی: سلامت خاک، تناوب زراعی، دمای"
                  + " خاک و جوانه‌زنی، خطر یخبندان، پیش‌بینی هوا، پیشگیری از آفات و بیماری‌ها، محصولات"
                  + " رایج ایران."),
          new KbRouter.Kb(
              "fertilization",
              "Fertilization: nitrogen, phosphorus and potassium (NPK) roles and deficiency"
                  + " symptoms, soil test interpretation, soil pH and liming, salinity and EC,"
                  + " organic matter and manure. / کوددهی: نقش نیتروژن، فسفر و پتاسیم، علائم کمبود،"
                  + " اسیدیته خاک، شوری و هدایت الکتریکی، ماده آلی و کود دامی."),
          new KbRouter.Kb(
              "irrigation",
              "Irrigation and water: soil moisture, field capacity and wilting point, irrigation"
                  + " scheduling from sensor readings, evapotranspiration (ET0, crop coefficient"
                  + " Kc), irrigation methods, deficit irrigation. / آبیاری و آب: رطوبت خاک، ظرفیت"
                  + " زراعی، زمان‌بندی آبیاری با حسگر، تبخیر و تعرق، روش‌های آبیاری، کم‌آبیاری."
                  + " / الري والمياه: رطوبة التربة، السعة الحقلية ونقطة الذبول، جدولة الري."));

  static final List<String> CROPLOGIC = List.of("chat", "fertilization", "irrigation");
  final KbRouter router =
      new KbRouter(
          Map.of(
              "irrigation",
                  List.of(
                      "irrigat*",
                      "water*",
                      "moisture",
                      "رطوبت*",
                      "آبیاری*",
                      "آب",
                      "ري",
                      "رطوبة*",
                      "تبخر*"),
              "fertilization",
                  List.of(
                      "fertili*",
                      "nitrogen",
                      "ec",
                      "کود*",
                      "نیتروژن*",
                      "هدایت الکتریکی",
                      "سماد*",
                      "توصيل كهربائي"),
              "finance", List.of("money")));

  @Test
  void aPersianMoistureQuestionGoesToIrrigation() {
    assertThat(route("رطوبت خاک من چقدر است؟")).containsExactly("irrigation");
  }

  @Test
  void aPersianKeywordMatchesWithSuffixesAndArabicLetterForms() {
    assertThat(route("آبیاری‌ها را کی انجام دهم؟")).containsExactly("irrigation");
    assertThat(route("كود مناسب چیست")).containsExactly("fertilization");
  }

  @Test
  void anEnglishPrefixKeywordMatchesLongerWords() {
    assertThat(route("When should I irrigate the wheat?")).containsExactly("irrigation");
  }

  @Test
  void aQuestionSpanningTwoTopicsGoesToBoth() {
    assertThat(route("Should I water before applying nitrogen fertilizer?"))
        .containsExactly("fertilization", "irrigation");
  }

  @Test
  void aPhraseKeywordNeedsItsWordsInOrder() {
    assertThat(route("هدایت الکتریکی خاک بالاست")).containsExactly("fertilization");
  }

  @Test
  void aWholeWordKeywordDoesNotMatchInsideAnotherWord() {
    assertThat(route("What does the economy expect?")).isEqualTo(CROPLOGIC);
  }

  @Test
  void anUnclearQuestionGoesToEveryKbOfThePipeline() {
    assertThat(route("سلام، حالت چطوره؟")).isEqualTo(CROPLOGIC);
  }

  @Test
  void withoutKeywordsTheDescriptionsWordsChooseTheKb() {
    assertThat(route("How do I protect my orchard from frost?")).containsExactly("chat");
    assertThat(route("خطر یخبندان برای باغ پسته چقدر است؟")).containsExactly("chat");
    assertThat(route("What does the wilting point mean?")).containsExactly("irrigation");
  }

  @Test
  void withoutSharedWordsTheMeaningOfAnEnglishQuestionChoosesTheKb() {
    var withModel =
        new KbRouter(
            Map.of(), io.streamrag.kit.embedding.OnnxEmbedder.bundledMiniLm(Runnable::run), 0.2);

    assertThat(
            withModel.route(
                "My plants look yellow and weak, what are they lacking?", "en", PIPELINE))
        .containsExactly("fertilization");
    assertThat(withModel.route("سلام، حالت چطوره؟", "fa", PIPELINE))
        .as("the model does not read Persian: unsure, so every KB")
        .isEqualTo(CROPLOGIC);
  }

  @Test
  void aKbOutsideThePipelineIsNeverChosenWhateverTheQuestionSays() {
    assertThat(route("money money money")).doesNotContain("finance");
  }

  @Test
  void givenAnArabicQuestionThenAKeywordWithoutTheArticleFindsItsWordsWithTheArticle() {
    assertThat(route("ما هو التبخر النتحي المرجعي وكيف أستخدمه في الري؟"))
        .containsExactly("irrigation");
    assertThat(route("هل أضع السماد قبل الري أم بعده؟"))
        .containsExactly("fertilization", "irrigation");
    assertThat(route("متى أبدأ والري بالتنقيط؟")).containsExactly("irrigation");
  }

  @Test
  void givenArabicTypedWithPersianLetterFormsThenArabicKeywordsStillMatch() {
    assertThat(route("رطوبه التربه فی حقلی؟")).containsExactly("irrigation");
  }

  @Test
  void givenAnArabicPhraseKeywordThenItMatchesWithArticlesOnEachWord() {
    assertThat(route("التوصيل الكهربائي للتربة مرتفع")).containsExactly("fertilization");
  }

  @Test
  void givenAnArabicQuestionWithoutKeywordsThenTheArabicDescriptionWordsChooseTheKb() {
    var withoutArabicKeywords = new KbRouter(Map.of("irrigation", List.of("irrigat*")));

    assertThat(withoutArabicKeywords.route("ما معنى نقطة الذبول؟", "ar", PIPELINE))
        .containsExactly("irrigation");
  }

  @Test
  void givenAPersianQuestionThenTheArabicArticleIsNeverTakenOff() {
    var router = new KbRouter(Map.of("chat", List.of("گو")));

    assertThat(router.route("الگوی کشت مناسب چیست؟", "fa", PIPELINE))
        .as("الگو stays الگو, so the keyword گو does not match it")
        .isEqualTo(CROPLOGIC);
  }

  @Test
  void givenAKbsOwnRoutingKeywordsThenTheyRouteBesideTheConfiguredRules() {
    var withOrchards = new java.util.ArrayList<>(PIPELINE);
    withOrchards.add(new KbRouter.Kb("orchards", "Fruit trees.", List.of("pistachio*", "پسته*")));

    assertThat(router.route("When do pistachios need pruning?", "en", withOrchards))
        .containsExactly("orchards");
    assertThat(router.route("پسته‌ها را کی هرس کنم؟", "fa", withOrchards))
        .containsExactly("orchards");
  }

  private List<String> route(String question) {
    return router.route(question, Language.detect(question), PIPELINE);
  }
}
