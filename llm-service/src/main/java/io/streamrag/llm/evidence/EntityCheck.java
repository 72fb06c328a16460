package io.streamrag.llm.evidence;

import java.util.Optional;

/**
 * The strict entity check of a passage for its part (S3.4, S3.7): each entity the part names (its
 * crop, nutrient, fertilizer, qualifier, technical name) must be in the passage, in one of its
 * forms in any language. Requiring it also where the part's other terms meet was tried and dropped:
 * a table names the crop in its row and the quantity in its header, and a passage names its topic
 * in one sentence and the crop's figure in the next.
 */
final class EntityCheck {

  private EntityCheck() {}

  /** Why the passage is not about the part's entities, or empty when it is. */
  static Optional<String> mismatch(Part part, PassageText passage, String language) {
    for (String entity : part.entities()) {
      for (Terms.Term t : Terms.of(entity, language)) {
        if (!passage.holds(t)) {
          return Optional.of("entity mismatch: " + t.text() + " not in the passage");
        }
      }
    }
    return Optional.empty();
  }
}
