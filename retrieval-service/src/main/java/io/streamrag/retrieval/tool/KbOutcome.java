package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.FailedKnowledgeBase;
import io.streamrag.schemas.chat.KnowledgeResult;
import java.util.List;

/**
 * What searching one knowledge base gave: its results, best first, or why it failed (S2.2).
 *
 * @param failure why the search failed; {@code null} when it answered
 */
record KbOutcome(String kbId, List<KnowledgeResult> results, String failure) {

  static KbOutcome found(String kbId, List<KnowledgeResult> results) {
    return new KbOutcome(kbId, List.copyOf(results), null);
  }

  static KbOutcome failed(String kbId, String reason) {
    return new KbOutcome(kbId, List.of(), reason);
  }

  boolean ok() {
    return failure == null;
  }

  /** The reply's failed_kbs: the KBs that failed, in the order they were asked. */
  static List<FailedKnowledgeBase> failures(List<KbOutcome> outcomes) {
    return outcomes.stream()
        .filter(o -> !o.ok())
        .map(o -> new FailedKnowledgeBase(o.kbId(), o.failure()))
        .toList();
  }
}
