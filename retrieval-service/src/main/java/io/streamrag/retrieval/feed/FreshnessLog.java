package io.streamrag.retrieval.feed;

import java.util.ArrayList;
import java.util.List;

/**
 * The most recent changes made searchable, with when their fact entered the system and when
 * retrieval could first return it: what the freshness benchmark reads. Bounded; the oldest entries
 * are overwritten.
 */
public final class FreshnessLog {

  /**
   * One searchable change.
   *
   * @param sensor the chunk's sensor, or {@code __global__}
   * @param source the chunk's source, e.g. {@code sensor/<uuid>/readings}
   * @param receivedAtMillis when the fact entered the system (sensor-bridge received the reading)
   * @param searchableAtMillis when a search could first return it
   */
  public record Entry(
      String sensor, String source, long receivedAtMillis, long searchableAtMillis) {}

  private final Entry[] ring;
  private long written;

  public FreshnessLog(int capacity) {
    this.ring = new Entry[capacity];
  }

  public synchronized void add(Entry entry) {
    ring[(int) (written++ % ring.length)] = entry;
  }

  /** The entries made searchable at or after {@code sinceMillis}, oldest first. */
  public synchronized List<Entry> since(long sinceMillis) {
    var out = new ArrayList<Entry>();
    long first = Math.max(0, written - ring.length);
    for (long i = first; i < written; i++) {
      Entry e = ring[(int) (i % ring.length)];
      if (e.searchableAtMillis() >= sinceMillis) {
        out.add(e);
      }
    }
    return out;
  }
}
