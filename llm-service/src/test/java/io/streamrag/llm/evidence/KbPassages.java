package io.streamrag.llm.evidence;

/** English passages of the global knowledge base {@code kb}, as a search finds them. */
final class KbPassages {

  private KbPassages() {}

  static Candidate passage(String id, String text, String source, double relevance) {
    return new Candidate(id, text, source, "kb", "__global__", relevance, "en", Double.NaN);
  }

  /** The one passage on wheat's nitrogen. */
  static Candidate wheatNitrogen(double relevance) {
    return passage("w", "Irrigated wheat receives 150 kg N/ha of nitrogen.", "wheat.md", relevance);
  }
}
