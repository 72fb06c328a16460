package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;

/**
 * What a part must be about (S3.4): its side of a comparison ("drip" in "drip irrigation", "field
 * capacity"), the glossary's crops, nutrients, fertilizers and qualifiers it names ("maize",
 * "nitrogen", "winter", "advanced"), and technical names written with digits (ET0, K2O). Other
 * words only weigh in relevance: a deterministic planner cannot tell a name from a word in Persian,
 * which has no capitals, so it does not guess.
 */
final class Entities {

  private Entities() {}

  static List<String> of(String part, String side, String language) {
    var entities = new ArrayList<String>();
    List<Terms.Term> sideTerms = Terms.of(side, language);
    if (!sideTerms.isEmpty()) {
      entities.add(String.join(" ", sideTerms.stream().map(Terms.Term::text).toList()));
    }
    for (Terms.Term t : Terms.of(part, language)) {
      if (t.entity() && sideTerms.stream().noneMatch(s -> s.text().equals(t.text()))) {
        entities.add(t.text());
      }
    }
    return entities;
  }
}
