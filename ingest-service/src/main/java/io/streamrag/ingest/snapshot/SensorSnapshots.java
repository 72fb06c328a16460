package io.streamrag.ingest.snapshot;

import io.streamrag.ingest.IngestProperties;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The latest snapshot of every sensor, read from the compacted snapshots topic before any reading
 * is consumed and kept current by this service's own writes and by other replicas'.
 */
@Component
public class SensorSnapshots implements AutoCloseable {

  private final TopicView<SensorSnapshotUpdated> view;

  SensorSnapshots(
      @Value("${spring.cloud.stream.kafka.binder.brokers}") String brokers,
      IngestProperties properties)
      throws InterruptedException {
    this.view =
        TopicView.followVersioned(
            brokers,
            Topics.SENSOR_SNAPSHOTS.name(),
            SensorSnapshotUpdated.class,
            SensorSnapshotUpdated::getVersion);
    if (!view.awaitCaughtUp(properties.startupTimeout())) {
      throw new IllegalStateException(
          "could not read "
              + Topics.SENSOR_SNAPSHOTS.name()
              + " within "
              + properties.startupTimeout());
    }
  }

  public Optional<SensorSnapshotUpdated> get(String sensorUuid) {
    return view.get(sensorUuid);
  }

  /** Holds a snapshot this service has just published. */
  public void put(SensorSnapshotUpdated snapshot) {
    view.update(snapshot.getSensorUuid(), snapshot);
  }

  @Override
  public void close() {
    view.close();
  }
}
