package io.streamrag.ingest.snapshot;

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
    return stripes[Math.floorMod(sensorUuid.hashCode(), stripes.length)];
  }
}
