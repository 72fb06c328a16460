package io.streamrag.ingest.snapshot;

import java.util.Collection;

/**
 * One lock per sensor (striped): a sensor's readings, profile and forecast arrive on different
 * topics and threads, and its snapshot must change one event at a time, in order.
 */
public final class SensorLocks {

  private final Object[] stripes = new Object[256];

  public SensorLocks() {
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new Object();
    }
  }

  /** The lock guarding this sensor's snapshot. */
  public Object of(String sensorUuid) {
    return stripes[stripe(sensorUuid)];
  }

  /**
   * Runs {@code work} holding the locks of all these sensors, taken in one global order (by
   * stripe), so two threads holding several never wait on each other in a cycle.
   */
  public void whileHolding(Collection<String> sensorUuids, Runnable work) {
    int[] held = sensorUuids.stream().mapToInt(this::stripe).distinct().sorted().toArray();
    hold(held, 0, work);
  }

  private void hold(int[] held, int next, Runnable work) {
    if (next == held.length) {
      work.run();
      return;
    }
    synchronized (stripes[held[next]]) {
      hold(held, next + 1, work);
    }
  }

  private int stripe(String sensorUuid) {
    return Math.floorMod(sensorUuid.hashCode(), stripes.length);
  }
}
