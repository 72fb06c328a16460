package io.streamrag.llm.provider;

import java.util.Map;

/**
 * The fixed sentences of the extractive answer, one set per language, so a translator finds every
 * one of them here. The answer's language is the question's ({@code ChatRequested.language}).
 *
 * @param label what this answer is: quoted, not generated
 * @param sensorNow before the sensor's current readings
 * @param fromSources before the quoted sentences
 * @param nothingFound when no retrieved sentence shares a word with the question
 * @param unavailable when the knowledge base could not be searched (S0.6)
 */
record ExtractivePhrases(
    String label, String sensorNow, String fromSources, String nothingFound, String unavailable) {

  private static final ExtractivePhrases ENGLISH =
      new ExtractivePhrases(
          "Extractive answer (no language model; sentences are quoted from the sources).",
          "Your sensor now: ",
          "From the sources:",
          "I found nothing about this in the knowledge base.",
          "The knowledge base is unavailable right now, so I will not answer without it.");

  private static final Map<String, ExtractivePhrases> BY_LANGUAGE =
      Map.of(
          "en",
          ENGLISH,
          "fa",
          new ExtractivePhrases(
              "پاسخ استخراجی (بدون مدل زبانی؛ جمله‌ها عیناً از منابع نقل شده‌اند).",
              "وضعیت فعلی حسگر شما: ",
              "از منابع:",
              "در پایگاه دانش مطلبی درباره این پرسش پیدا نکردم.",
              "پایگاه دانش در حال حاضر در دسترس نیست، بنابراین بدون آن پاسخی نمی‌دهم."),
          "ar",
          new ExtractivePhrases(
              "إجابة استخراجية (دون نموذج لغوي؛ الجمل منقولة حرفيًا من المصادر).",
              "حالة مستشعرك الآن: ",
              "من المصادر:",
              "لم أجد في قاعدة المعرفة ما يتناول هذا السؤال.",
              "قاعدة المعرفة غير متاحة الآن، لذلك لن أجيب من دونها."));

  /** The phrases of a language; English for a language without its own. */
  static ExtractivePhrases of(String language) {
    return BY_LANGUAGE.getOrDefault(language, ENGLISH);
  }
}
