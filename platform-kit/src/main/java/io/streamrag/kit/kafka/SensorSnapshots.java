package io.streamrag.kit.kafka;

import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;

/**
 * Every sensor's latest snapshot ({@code sensor.snapshots}), as the services that act on it hold
 * it.
 */
public final class SensorSnapshots {

  private SensorSnapshots() {}

  /**
   * The snapshots read to the topic's end before the service acts on any, then kept current: a
   * snapshot replaces the one held only when its version is higher, so ingest-service, which writes
   * them and updates its view at once, never sees its newer snapshot overwritten by an older one
   * read back late.
   *
   * @throws IllegalStateException when reading to the end takes longer than {@code timeout}
   */
  public static TopicView<SensorSnapshotUpdated> followed(TopicReaders readers, Duration timeout) {
    return TopicView.followVersioned(
            readers,
            SensorTopics.SENSOR_SNAPSHOTS.name(),
            SensorSnapshotUpdated.class,
            SensorSnapshotUpdated::getVersion)
        .caughtUpWithin(timeout);
  }
}
