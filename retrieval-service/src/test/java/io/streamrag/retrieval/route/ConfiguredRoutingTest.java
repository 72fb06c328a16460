package io.streamrag.retrieval.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.text.Language;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.yaml.snakeyaml.Yaml;

/** The routing keywords as shipped in retrieval-service.yml, on farmers' questions. */
class ConfiguredRoutingTest {

  static final KbRouter ROUTER = new KbRouter(configuredRules());

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ما هو التبخر النتحي المرجعي وكيف أستخدمه في الري؟ | irrigation",
        "ما هي رطوبة التربة في حقلي الآن؟                 | irrigation",
        "متى أسقي القمح؟                                  | irrigation",
        "هل أروي قبل هطول الأمطار؟                         | irrigation",
        "كم سمادا نيتروجينيا أضيف للهكتار؟                  | fertilization",
        "ما هي أعراض نقص البوتاسيوم؟                        | fertilization",
        "كيف أخفض ملوحة التربة؟                            | fertilization",
        "التوصيل الكهربائي في مياه البئر مرتفع             | fertilization,irrigation",
        "ما هي درجة الحموضة المناسبة للطماطم؟              | fertilization",
        "ریشه گیاه چرا زرد است؟                             | chat,fertilization,irrigation",
        "این موضوع در جلسه مطرح شد                          | chat,fertilization,irrigation"
      })
  void theShippedKeywordsRouteArabicQuestionsAndCatchNoPersianWordByAccident(
      String question, String kbs) {
    assertThat(ROUTER.route(question, Language.detect(question), KbRouterTest.PIPELINE))
        .containsExactly(kbs.split(","));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, List<String>> configuredRules() {
    try (InputStream in = KbRouter.class.getResourceAsStream("/retrieval-service.yml")) {
      Map<String, Object> yml = new Yaml().load(in);
      var retrieval = (Map<String, Object>) yml.get("retrieval");
      return (Map<String, List<String>>) retrieval.get("routing");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
