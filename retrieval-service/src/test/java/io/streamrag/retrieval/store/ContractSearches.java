package io.streamrag.retrieval.store;

import java.util.List;

/** The searches the store contract's parts run. */
final class ContractSearches {

  private ContractSearches() {}

  static List<Candidate> lexical(ChunkStore store, String text, String sensor, String kb) {
    return store.search(
        new SearchQuery(text, null, TenantFilter.of(sensor, List.of(kb)), 10, 1, 0, 60));
  }

  static List<Candidate> lexical(
      ChunkStore store, String text, String language, String sensor, String kb) {
    return store.search(
        new SearchQuery(text, null, TenantFilter.of(sensor, List.of(kb)), 10, 1, 0, 60, language));
  }

  static SearchQuery dense(float[] question, WindowScore score) {
    return new SearchQuery(
        "",
        QuestionVector.of(question),
        TenantFilter.of(ChunkStoreContract.MINE, List.of("chat")),
        10,
        0,
        1,
        60,
        "en",
        score,
        FusionRule.RECIPROCAL_RANK);
  }
}
