package io.streamrag.ingest.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.sensor.SensorReadingReceived;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SnapshotFolderTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  final SnapshotFolder folder = new SnapshotFolder(new SnapshotText());

  @Test
  void theFirstReadingBecomesASnapshotInEnglishAndPersian() {
    var snapshot =
        folder.fold(null, reading("e1", "2026-11-29T10:00:00Z", 12.5, 6.8)).orElseThrow();

    assertThat(snapshot.getVersion()).isEqualTo(1);
    assertThat(snapshot.getTextEn())
        .contains("soil moisture 12.5 %")
        .contains("soil pH 6.8")
        .contains("2026-11-29 10:00 UTC");
    assertThat(snapshot.getTextFa())
        .contains("رطوبت خاک 12.5 درصد")
        .contains("اسیدیته خاک (pH) 6.8");
  }

  @Test
  void aPartialReadingKeepsTheOtherLatestValues() {
    var first = folder.fold(null, reading("e1", "2026-11-29T10:00:00Z", 12.5, 6.8)).orElseThrow();

    var second = folder.fold(first, reading("e2", "2026-11-29T10:05:00Z", null, 7.1)).orElseThrow();

    assertThat(second.getSoilMoisture()).isEqualTo(12.5);
    assertThat(second.getPh()).isEqualTo(7.1);
    assertThat(second.getVersion()).isEqualTo(2);
    assertThat(second.getTextEn()).contains("soil moisture 12.5 %").contains("soil pH 7.1");
  }

  @Test
  void theSameReadingTwiceChangesNothing() {
    var first = folder.fold(null, reading("e1", "2026-11-29T10:00:00Z", 12.5, 6.8)).orElseThrow();

    assertThat(folder.fold(first, reading("e1", "2026-11-29T10:00:00Z", 12.5, 6.8))).isEmpty();
  }

  @Test
  void aReadingOlderThanTheSnapshotDoesNotOverwriteNewerValues() {
    var first = folder.fold(null, reading("e2", "2026-11-29T10:05:00Z", 30.0, null)).orElseThrow();

    assertThat(folder.fold(first, reading("e1", "2026-11-29T10:00:00Z", 12.5, null))).isEmpty();
  }

  static SensorReadingReceived reading(String id, String ts, Double moisture, Double ph) {
    return SensorReadingReceived.newBuilder()
        .setEventId(id)
        .setSensorUuid(SENSOR)
        .setDeviceId("d")
        .setTransport("http")
        .setMeasuredAt(Instant.parse(ts))
        .setReceivedAt(Instant.parse(ts))
        .setSoilMoisture(moisture)
        .setPh(ph)
        .build();
  }
}
