package io.streamrag.ingest;

import io.streamrag.ingest.index.ChunkDraft;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.warmup.WarmUp;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A reading's whole way through ingest but the broker, on a made-up sensor: folded into its
 * snapshot, the snapshot encoded, its sections rendered in English, Persian and Arabic, chunked,
 * and the chunks the embedder reads cut into windows and embedded. Without it the first minute of
 * readings after a start queues behind the JIT compiler (a reading cost several times its warm
 * cost). Nothing is sent and no manifest is touched: the snapshot stays in this object.
 */
final class IngestWarmUp implements WarmUp {

  private static final String SENSOR = "00000000-0000-0000-0000-00000000beef";

  private final SnapshotFolder folder;
  private final SnapshotIndexer indexer;
  private final Embedder embedder;
  private SensorSnapshotUpdated snapshot;

  IngestWarmUp(SnapshotFolder folder, SnapshotIndexer indexer, Embedder embedder) {
    this.folder = folder;
    this.indexer = indexer;
    this.embedder = embedder;
  }

  @Override
  public String name() {
    return "reading";
  }

  @Override
  public void round(int round) {
    Instant at = Instant.parse("2026-01-01T00:00:00Z").plusSeconds(60L * round);
    var reading =
        SensorReadingReceived.newBuilder()
            .setEventId("warm-up-" + round)
            .setSensorUuid(SENSOR)
            .setDeviceId("warm-up")
            .setTransport("warm-up")
            .setMeasuredAt(at)
            .setReceivedAt(at)
            .setSoilMoisture(12.0 + round % 20)
            .setTemperature(8.5 + round % 15)
            .setPh(6.0 + (round % 10) / 10.0)
            .setEc(round % 3 == 0 ? null : 1.2)
            .setNitrogen(20.0 + round % 30)
            .setPhosphorus(12.0)
            .setPotassium(150.0 + round % 40)
            .build();
    snapshot = folder.fold(snapshot, reading).orElse(snapshot);
    try {
      snapshot.toByteBuffer();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var read = new ArrayList<String>();
    for (List<ChunkDraft> drafts : indexer.drafts(snapshot).values()) {
      for (ChunkDraft d : drafts) {
        if (embedder.reads(d.language())) {
          read.addAll(embedder.windows(d.embedHeading(), d.embedText()));
        }
      }
    }
    if (!read.isEmpty()) {
      embedder.embedAll(read);
    }
  }
}
