package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.KnowledgeBaseListed;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.util.Comparator;
import java.util.List;

/** action=list (S2.1): what the model may search, as it must name it. */
final class KbListing {

  private KbListing() {}

  /** The KBs by id, each with its display name (its id when it has none) and description. */
  static List<KnowledgeBaseListed> of(List<KnowledgeBaseConfigured> kbs) {
    return kbs.stream()
        .sorted(Comparator.comparing(KnowledgeBaseConfigured::getKbName))
        .map(
            kb ->
                new KnowledgeBaseListed(
                    kb.getKbName(),
                    kb.getDisplayName().isBlank() ? kb.getKbName() : kb.getDisplayName(),
                    kb.getDescription(),
                    List.copyOf(kb.getLanguages())))
        .toList();
  }
}
