package io.streamrag.llm.evidence;

import io.streamrag.schemas.chat.FoundPart;
import io.streamrag.schemas.chat.NeedsHuman;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * What the evidence loop found: for each part, the passages accepted as evidence and the queries
 * searched.
 *
 * @param searches searches made, across all parts (at most the budget)
 * @param degraded the knowledge base could not be searched (S0.6)
 */
public record Evidence(List<PartEvidence> parts, int searches, boolean degraded) {

  public Evidence {
    parts = List.copyOf(parts);
  }

  /** One part, its accepted passages, and the queries searched for it. */
  public record PartEvidence(Part part, List<Candidate> accepted, List<String> queries) {

    public PartEvidence {
      accepted = List.copyOf(accepted);
      queries = List.copyOf(queries);
    }

    public boolean found() {
      return !accepted.isEmpty();
    }
  }

  /** Every accepted passage, each once, in the order the parts found them. */
  public List<Candidate> accepted() {
    var all = new LinkedHashMap<String, Candidate>();
    parts.forEach(p -> p.accepted().forEach(c -> all.putIfAbsent(c.pointId(), c)));
    return List.copyOf(all.values());
  }

  /** The parts left without evidence, with what was found (S3.5); empty when none is missing. */
  public Optional<NeedsHuman> needsHuman() {
    if (degraded || parts.stream().allMatch(PartEvidence::found)) {
      return Optional.empty();
    }
    var missing = new ArrayList<String>();
    var found = new ArrayList<FoundPart>();
    for (PartEvidence p : parts) {
      if (p.found()) {
        found.add(
            new FoundPart(p.part().text(), p.accepted().stream().map(Candidate::source).toList()));
      } else {
        missing.add(p.part().text());
      }
    }
    return Optional.of(new NeedsHuman(missing, found, searches));
  }
}
