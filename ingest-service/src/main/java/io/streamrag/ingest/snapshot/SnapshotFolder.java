package io.streamrag.ingest.snapshot;

import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.util.Optional;

/**
 * Folds a reading into a sensor's snapshot: the latest value of each measurement. A duplicate (the
 * same reading again) or a reading older than the snapshot changes nothing, so redelivery and
 * replay are harmless.
 */
public final class SnapshotFolder {

  private final SnapshotText text;

  public SnapshotFolder(SnapshotText text) {
    this.text = text;
  }

  /** The new snapshot, or empty when the reading adds nothing. */
  public Optional<SensorSnapshotUpdated> fold(
      SensorSnapshotUpdated current, SensorReadingReceived r) {
    if (current != null
        && (current.getLastEventId().equals(r.getEventId())
            || r.getMeasuredAt().isBefore(current.getMeasuredAt()))) {
      return Optional.empty();
    }
    var next =
        current == null
            ? SensorSnapshotUpdated.newBuilder().setSensorUuid(r.getSensorUuid()).setVersion(0)
            : SensorSnapshotUpdated.newBuilder(current);
    next.setVersion(next.getVersion() + 1)
        .setLastEventId(r.getEventId())
        .setMeasuredAt(r.getMeasuredAt())
        .setReceivedAt(r.getReceivedAt());
    if (r.getSoilMoisture() != null) {
      next.setSoilMoisture(r.getSoilMoisture());
    }
    if (r.getTemperature() != null) {
      next.setTemperature(r.getTemperature());
    }
    if (r.getPh() != null) {
      next.setPh(r.getPh());
    }
    if (r.getEc() != null) {
      next.setEc(r.getEc());
    }
    if (r.getNitrogen() != null) {
      next.setNitrogen(r.getNitrogen());
    }
    if (r.getPhosphorus() != null) {
      next.setPhosphorus(r.getPhosphorus());
    }
    if (r.getPotassium() != null) {
      next.setPotassium(r.getPotassium());
    }
    next.setTextEn("").setTextFa("");
    var values = next.build();
    values.setTextEn(text.english(values));
    values.setTextFa(text.persian(values));
    return Optional.of(values);
  }
}
