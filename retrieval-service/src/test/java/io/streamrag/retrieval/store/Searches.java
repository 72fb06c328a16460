package io.streamrag.retrieval.store;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.schemas.Scopes;
import java.util.List;
import java.util.Set;

/** For tests: what a store finds in one global KB, searched as the service searches. */
public final class Searches {

  private Searches() {}

  /**
   * The ids of the best {@code limit} chunks of global KB {@code kb} for an English question, the
   * dense leg weighted 1 and the lexical leg {@code lexicalWeight} (0: dense only).
   */
  public static List<String> globalIds(
      ChunkStore store,
      Embedder embedder,
      String kb,
      String query,
      int limit,
      double lexicalWeight) {
    var filter = new TenantFilter(Set.of(Scopes.GLOBAL_SENSOR), Set.of(kb));
    return store
        .search(
            new SearchQuery(
                query, embedder.embed(query), filter, limit, lexicalWeight, 1.0, 60, "en"))
        .stream()
        .map(c -> c.chunk().pointId())
        .toList();
  }
}
