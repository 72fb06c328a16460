package io.streamrag.llm.evidence;

import java.util.List;

/**
 * One part of a question, searched and judged on its own (S3.1): "prerequisites of course A" and
 * "duration of course B" are two parts of one comparison.
 *
 * @param text the part as a question of its own
 * @param entities the names and qualifiers a passage must be about to be evidence for this part
 *     (S3.4): "maize" in "nitrogen for maize", "advanced" in "advanced Python"
 * @param expects what kind of answer the part asks for: {@code number}, {@code date}, {@code
 *     person}, {@code place} or {@code any}
 */
public record Part(String text, List<String> entities, String expects) {

  public Part {
    entities = List.copyOf(entities);
  }

  /** A part that asks for anything and names nothing in particular. */
  public static Part of(String text) {
    return new Part(text, List.of(), "any");
  }
}
