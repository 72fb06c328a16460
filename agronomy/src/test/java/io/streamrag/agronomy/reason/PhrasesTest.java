package io.streamrag.agronomy.reason;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhrasesTest {

  @Test
  void everyLanguageHasEveryPhraseAndNamesTheSameInputs() {
    assertThat(English.PHRASES.keySet()).isEqualTo(EnumSet.allOf(Phrase.class));
    assertThat(Persian.PHRASES.keySet()).isEqualTo(EnumSet.allOf(Phrase.class));
    assertThat(Arabic.PHRASES.keySet()).isEqualTo(EnumSet.allOf(Phrase.class));
    assertThat(Persian.INPUTS.keySet()).isEqualTo(English.INPUTS.keySet());
    assertThat(Arabic.INPUTS.keySet()).isEqualTo(English.INPUTS.keySet());
  }

  @Test
  void everyTranslationHasTheSamePlaceholdersAsTheEnglish() {
    for (Phrase phrase : Phrase.values()) {
      var english = placeholders(English.PHRASES.get(phrase));
      assertThat(placeholders(Persian.PHRASES.get(phrase))).as("fa " + phrase).isEqualTo(english);
      assertThat(placeholders(Arabic.PHRASES.get(phrase))).as("ar " + phrase).isEqualTo(english);
    }
  }

  @Test
  void aPlaceholderLeftWithoutAValueIsATemplateBugNotASilentGap() {
    assertThatThrownBy(() -> Phrases.of("en").fill(Phrase.CHECK_ON))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("CHECK_ON has no value for {date}");
  }

  @Test
  void numbersShowOneDecimalAtMostAndNoneWhenWhole() {
    assertThat(Phrases.number(46.66)).isEqualTo("46.7");
    assertThat(Phrases.number(47.0)).isEqualTo("47");
    assertThat(Phrases.number(0.04)).isEqualTo("0");
  }

  @Test
  void listsReadAsSentencesInEachLanguage() {
    assertThat(Phrases.of("en").list(List.of("a", "b", "c"))).isEqualTo("a, b and c");
    assertThat(Phrases.of("fa-IR").list(List.of("الف", "ب"))).isEqualTo("الف و ب");
    assertThat(Phrases.of("ar").list(List.of("أ", "ب", "ج"))).isEqualTo("أ، ب وج");
  }

  private static List<String> placeholders(String text) {
    return java.util.regex.Pattern.compile("\\{\\w+}")
        .matcher(text)
        .results()
        .map(m -> m.group())
        .sorted()
        .distinct()
        .toList();
  }
}
