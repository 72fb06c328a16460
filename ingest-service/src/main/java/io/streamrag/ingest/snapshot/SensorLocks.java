package io.streamrag.ingest.snapshot;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One lock per sensor: a sensor's readings, profile and forecast arrive on different topics, and
 * its snapshot must change one event at a time, in order. A lock of its own, not a stripe shared
 * with other sensors: a poll's handler holds its sensors' locks until the broker acknowledged its
 * outputs, and with shared stripes two consumers' polls would almost always meet on one and take
 * turns. A sensor's events normally reach one consumer only (the same partition number on every
 * sensor topic), so its own lock is only ever contended while partitions move. A lock costs a few
 * bytes per sensor, like the snapshot kept for it.
 */
public final class SensorLocks {

  private final Map<String, Object> locks = new ConcurrentHashMap<>();

  /** The lock guarding this sensor's snapshot. */
  public Object of(String sensorUuid) {
    return locks.computeIfAbsent(sensorUuid, s -> new Object());
  }

  /**
   * Runs {@code work} holding the locks of all these sensors, taken in one global order (by id), so
   * two threads holding several never wait on each other in a cycle.
   */
  public void whileHolding(Collection<String> sensorUuids, Runnable work) {
    String[] held = sensorUuids.stream().distinct().sorted().toArray(String[]::new);
    hold(held, 0, work);
  }

  private void hold(String[] held, int next, Runnable work) {
    if (next == held.length) {
      work.run();
      return;
    }
    synchronized (of(held[next])) {
      hold(held, next + 1, work);
    }
  }
}
