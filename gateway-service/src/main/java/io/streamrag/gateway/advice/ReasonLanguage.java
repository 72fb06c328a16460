package io.streamrag.gateway.advice;

import io.streamrag.kit.text.Language;
import java.util.Locale;
import java.util.Set;

/**
 * The language a recommendation's reason is written in: the farmer's query's ({@link
 * Language#detect}), else the first of {@code fa}, {@code ar}, {@code en} in the client's {@code
 * Accept-Language} (by its weights), else English.
 */
final class ReasonLanguage {

  private static final Set<String> SPOKEN =
      Set.of(Language.PERSIAN, Language.ARABIC, Language.ENGLISH);

  private ReasonLanguage() {}

  static String of(String query, String acceptLanguage) {
    if (query != null) {
      return Language.detect(query);
    }
    if (acceptLanguage == null || acceptLanguage.isBlank()) {
      return Language.ENGLISH;
    }
    try {
      return Locale.LanguageRange.parse(acceptLanguage).stream()
          .filter(range -> range.getWeight() > 0)
          .map(range -> range.getRange().split("-", 2)[0])
          .filter(SPOKEN::contains)
          .findFirst()
          .orElse(Language.ENGLISH);
    } catch (IllegalArgumentException malformed) {
      return Language.ENGLISH;
    }
  }
}
