package io.streamrag.llm.prompt;

import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import java.util.List;
import java.util.Locale;

/**
 * Builds the prompt: the routed KBs' tone, the instructions, the sensor's current data, the
 * passages each prefixed {@code [Source: … | Relevance: …]} (S0.5), then the question (S1.7). When
 * the knowledge base was unavailable, the model is told so and told not to answer without it
 * (S0.6).
 */
public final class PromptBuilder {

  static final String INSTRUCTIONS =
      """
      You answer a farmer's question about their own field. Use only the context below: the \
      current readings of their sensor and the numbered reference passages. Cite the passages \
      you use by their number, like [1]. Quote sensor values exactly as given. If the context does \
      not hold the answer, say that you do not know; never invent numbers. Answer in Persian \
      when the question is in Persian, otherwise in English.""";

  static final String UNAVAILABLE =
      """
      The knowledge base is unavailable right now. Tell the user so, in their language, and do \
      not answer the question from your own knowledge. You may still report their sensor's \
      current readings.""";

  /** The prompt for a context and the tone of its knowledge bases. */
  public Prompt build(ContextRetrieved context, String tone) {
    var system = new StringBuilder();
    if (!tone.isBlank()) {
      system.append(tone.strip()).append("\n\n");
    }
    system.append(context.getDegraded() ? UNAVAILABLE : INSTRUCTIONS).append("\n\n");
    system.append("Current sensor data:\n");
    system.append(
        context.getSnapshotText() == null
            ? "No readings from this sensor yet."
            : context.getSnapshotText());
    system.append("\n\nReference passages:\n");
    List<Passage> passages = context.getPassages();
    if (passages.isEmpty()) {
      system.append("(none found)\n");
    }
    for (int i = 0; i < passages.size(); i++) {
      Passage p = passages.get(i);
      system
          .append('[')
          .append(i + 1)
          .append("] ")
          .append(header(p))
          .append('\n')
          .append(p.getText().strip())
          .append("\n\n");
    }
    return new Prompt(
        system.toString().strip(),
        context.getRequest().getMessage(),
        context.getRequest().getLanguage());
  }

  /** {@code [Source: irrigation/et0.en.md | Relevance: 0.87]} */
  public static String header(Passage p) {
    return String.format(
        Locale.ROOT, "[Source: %s | Relevance: %.2f]", p.getSource(), p.getRelevance());
  }
}
