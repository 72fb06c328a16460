package io.streamrag.gateway.advice;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReasonLanguageTest {

  @Test
  void aQueryIsAnsweredInItsOwnLanguageWhateverTheClientPrefers() {
    assertThat(ReasonLanguage.of("امروز آبیاری کنم؟", "en")).isEqualTo("fa");
    assertThat(ReasonLanguage.of("هل أحتاج إلى الري اليوم؟", "fa")).isEqualTo("ar");
    assertThat(ReasonLanguage.of("Should I irrigate today?", "fa")).isEqualTo("en");
  }

  @Test
  void withoutAQueryTheClientsFirstSpokenLanguageByWeightIsUsed() {
    assertThat(ReasonLanguage.of(null, "fa-IR")).isEqualTo("fa");
    assertThat(ReasonLanguage.of(null, "de-DE, ar;q=0.9, en;q=0.8")).isEqualTo("ar");
    assertThat(ReasonLanguage.of(null, "en;q=0.5, fa;q=0.7")).isEqualTo("fa");
  }

  @Test
  void withoutAQueryOrASpokenLanguageItIsEnglish() {
    assertThat(ReasonLanguage.of(null, null)).isEqualTo("en");
    assertThat(ReasonLanguage.of(null, "de, fr;q=0.5")).isEqualTo("en");
    assertThat(ReasonLanguage.of(null, "fa;q=0, de")).isEqualTo("en");
    assertThat(ReasonLanguage.of(null, ";;;q=x")).isEqualTo("en");
  }
}
