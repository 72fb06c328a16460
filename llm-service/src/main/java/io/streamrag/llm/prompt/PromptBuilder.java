package io.streamrag.llm.prompt;

import io.streamrag.llm.guard.Canary;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.retrieval.ContextSearcher;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Builds the prompt from what the pre-run chain prepared: the routed KBs' live tone, the pipeline's
 * live instructions in the question's language, the request's secret marker ({@link Canary}: an
 * answer that writes it is cut off), the sensor's current data, the passages each prefixed {@code
 * [Source: … | Relevance: …]} (S0.5), then the remembered turns and the question (S1.7, S0.7). When
 * the knowledge base was unavailable, the pipeline's degraded instructions tell the model so and
 * not to answer without it (S0.6).
 */
public final class PromptBuilder {

  /** The prompt for a prepared request. */
  public Prompt build(Preparation p) {
    ContextRetrieved context = p.context();
    String language = p.request().getLanguage();
    var system = new StringBuilder();
    String tone = tone(p, context.getKbNames());
    if (!tone.isBlank()) {
      system.append(tone.strip()).append("\n\n");
    }
    system.append(p.settings().instructionsFor(language, context.getDegraded())).append("\n\n");
    system.append(Canary.line(p.request().getRequestId())).append("\n\n");
    List<Passage> passages = context.getPassages();
    int live = live(passages);
    system.append("Current sensor data:\n");
    system.append(
        context.getSnapshotText() == null
            ? "No readings from this sensor yet."
            : live > 0 ? "passage [" + live + "] below" : context.getSnapshotText());
    system.append("\n\nReference passages:\n");
    if (passages.isEmpty()) {
      system.append("(none found)\n");
    }
    for (int i = 0; i < passages.size(); i++) {
      Passage passage = passages.get(i);
      system
          .append('[')
          .append(i + 1)
          .append("] ")
          .append(header(passage))
          .append('\n')
          .append(passage.getText().strip())
          .append("\n\n");
    }
    List<String> missing =
        p.evidence() == null
            ? List.of()
            : p.evidence().needsHuman().map(n -> n.getMissing()).orElse(List.of());
    if (!missing.isEmpty()) {
      system.append(MissingEvidence.instruction(missing)).append('\n');
    }
    var history =
        p.recall().turns().stream()
            .map(t -> new Prompt.Turn(t.getQuestion(), t.getAnswer()))
            .toList();
    return new Prompt(
        system.toString().strip(), history, p.request().getMessage(), language, missing);
  }

  /** The number of the passage that is the sensor's live state, 0 when none is. */
  private static int live(List<Passage> passages) {
    for (int i = 0; i < passages.size(); i++) {
      if (passages.get(i).getPointId().startsWith(ContextSearcher.LIVE)) {
        return i + 1;
      }
    }
    return 0;
  }

  /** {@code [Source: irrigation/et0.en.md | Relevance: 0.87]} */
  public static String header(Passage p) {
    return String.format(
        Locale.ROOT, "[Source: %s | Relevance: %.2f]", p.getSource(), p.getRelevance());
  }

  /** The tones of the routed KBs, in order, each once. */
  private static String tone(Preparation p, List<String> kbs) {
    return kbs.stream()
        .map(p.tones()::get)
        .filter(Objects::nonNull)
        .distinct()
        .collect(Collectors.joining("\n\n"));
  }
}
