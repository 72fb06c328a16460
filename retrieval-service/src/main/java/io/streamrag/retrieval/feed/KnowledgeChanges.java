package io.streamrag.retrieval.feed;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which knowledge bases' global knowledge the index feeds changed, and when last: what the fusion
 * calibration recalibrates. A deletion names no KB (its change carries only the point id), so it
 * counts as a change of {@link #SOMEWHERE}: any KB may have lost chunks.
 */
public final class KnowledgeChanges {

  /** A change whose KB is not known: a deletion. */
  public static final String SOMEWHERE = "*";

  private final Map<String, Instant> lastChange = new ConcurrentHashMap<>();
  private final Clock clock;

  public KnowledgeChanges(Clock clock) {
    this.clock = clock;
  }

  /** Global knowledge of {@code kb} (or {@link #SOMEWHERE}) changed now. */
  public void changed(String kb) {
    lastChange.put(kb, clock.instant());
  }

  /** The KBs changed since they were last taken, with their last change. */
  public Map<String, Instant> pending() {
    return Map.copyOf(lastChange);
  }

  /**
   * Forgets the change of {@code kb} seen at {@code seen}; a later change stays pending.
   *
   * @return whether it was forgotten
   */
  public boolean take(String kb, Instant seen) {
    return lastChange.remove(kb, seen);
  }

  /** The KBs with a pending change. */
  public Set<String> kbs() {
    return Set.copyOf(lastChange.keySet());
  }
}
