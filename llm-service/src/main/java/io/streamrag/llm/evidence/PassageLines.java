package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A passage cut where an answer's sentence can end: at sentence ends, line breaks and semicolons.
 * Each piece keeps its folded words and their light stems. A table row also gets its header's
 * stems: "| Wheat | 6.0 | 7% |" means what "| Crop | Threshold ECe (dS/m) | Yield loss |" names,
 * and a question on wheat's ECe threshold is answered by the row, not by the header.
 */
final class PassageLines {

  /** One sentence, line or table row, with its folded words and the stems it holds. */
  record Line(String text, List<String> words, Set<String> stems) {}

  private PassageLines() {}

  static List<Line> of(String text) {
    var out = new ArrayList<Line>();
    Set<String> header = null;
    for (String s : text.split("(?<=[.!?؟])\\s+|[\\n\\r]+|[;؛]")) {
      if (s.isBlank()) {
        continue;
      }
      List<String> folded = Stems.words(s);
      var own = new HashSet<String>();
      folded.forEach(w -> own.add(Stems.of(w)));
      boolean row = s.strip().startsWith("|");
      if (row && header == null) {
        header = Set.copyOf(own);
      } else if (row) {
        own.addAll(header);
      } else {
        header = null;
      }
      out.add(new Line(s.strip(), folded, own));
    }
    return out;
  }
}
