package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.KnowledgeResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * All KBs' results as one list (S2.1): by relevance, then by rank within their KB, then by the
 * order the KBs were asked. A point found through two KBs (the sensor's own data, which belongs to
 * every KB) comes once, at its best place.
 *
 * @param kept the best {@code top_k}, best first
 * @param distinct how many different points the KBs found together
 */
record ResultMerge(List<KnowledgeResult> kept, int distinct) {

  private record Placed(KnowledgeResult result, int rank, int kb) {}

  static ResultMerge of(List<KbOutcome> outcomes, int topK) {
    var placed = new ArrayList<Placed>();
    for (int kb = 0; kb < outcomes.size(); kb++) {
      var results = outcomes.get(kb).results();
      for (int rank = 0; rank < results.size(); rank++) {
        placed.add(new Placed(results.get(rank), rank, kb));
      }
    }
    placed.sort(
        Comparator.comparingDouble((Placed p) -> -p.result().getRelevance())
            .thenComparingInt(Placed::rank)
            .thenComparingInt(Placed::kb));
    var byPoint = new LinkedHashMap<String, KnowledgeResult>();
    placed.forEach(p -> byPoint.putIfAbsent(p.result().getPointId(), p.result()));
    return new ResultMerge(byPoint.values().stream().limit(topK).toList(), byPoint.size());
  }
}
