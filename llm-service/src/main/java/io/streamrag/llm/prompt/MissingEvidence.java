package io.streamrag.llm.prompt;

import java.util.List;
import java.util.Map;

/**
 * What is said about the parts of a question left without evidence (S3.5), in the question's
 * language: nothing is made up for them, and a person is asked to follow up.
 */
public final class MissingEvidence {

  private record Phrases(String none, String some) {}

  private static final Phrases ENGLISH =
      new Phrases(
          "I found no evidence in the knowledge base for this question, so I will not guess."
              + " A person needs to answer: ",
          "Not found in the knowledge base, so a person needs to answer: ");

  private static final Map<String, Phrases> BY_LANGUAGE =
      Map.of(
          "en",
          ENGLISH,
          "fa",
          new Phrases(
              "در پایگاه دانش شاهدی برای این پرسش پیدا نکردم، بنابراین حدس نمی‌زنم."
                  + " باید یک کارشناس پاسخ دهد: ",
              "در پایگاه دانش پیدا نشد و باید یک کارشناس پاسخ دهد: "),
          "ar",
          new Phrases(
              "لم أجد في قاعدة المعرفة دليلًا على هذا السؤال، لذلك لن أخمّن."
                  + " يحتاج إلى إجابة من شخص مختص: ",
              "لم يُعثر عليه في قاعدة المعرفة، ويحتاج إلى إجابة من شخص مختص: "));

  private MissingEvidence() {}

  /** The whole answer when no part has evidence: no model is asked. */
  public static String refusal(String language, List<String> parts) {
    return phrases(language).none() + String.join(" | ", parts);
  }

  /** The line added to an answer that covers only some parts. */
  public static String line(String language, List<String> parts) {
    return phrases(language).some() + String.join(" | ", parts);
  }

  /** What the model is told when some parts have no evidence. */
  public static String instruction(List<String> parts) {
    return "No evidence was found for these parts of the question: "
        + String.join(" | ", parts)
        + ". Do not answer them from your own knowledge; say that they were not found and that a"
        + " person will need to answer them.";
  }

  private static Phrases phrases(String language) {
    return BY_LANGUAGE.getOrDefault(language, ENGLISH);
  }
}
