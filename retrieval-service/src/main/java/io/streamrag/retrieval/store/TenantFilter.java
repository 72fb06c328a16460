package io.streamrag.retrieval.store;

import io.streamrag.schemas.Scopes;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which chunks a search may see (S1.6): {@code sensor_uuid ∈ sensors} AND {@code kb_name ∈ kbs}.
 * Built only from the authenticated request, never from the question text.
 */
public record TenantFilter(Set<String> sensors, Set<String> kbs) {

  /** The caller's sensor plus global knowledge, in the routed KBs plus data of every KB. */
  public static TenantFilter of(String callerSensor, List<String> routedKbs) {
    var kbs = new LinkedHashSet<>(routedKbs);
    kbs.add(Scopes.ALL_KBS);
    return new TenantFilter(Set.of(callerSensor, Scopes.GLOBAL_SENSOR), Set.copyOf(kbs));
  }
}
