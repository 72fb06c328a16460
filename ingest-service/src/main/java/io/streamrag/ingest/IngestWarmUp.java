package io.streamrag.ingest;

import io.streamrag.ingest.index.ChunkDraft;
import io.streamrag.ingest.index.ChunkIndexer;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.warmup.WarmUp;
import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.ForecastDay;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.FieldWeather;
import io.streamrag.schemas.weather.StationDay;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A reading's whole way through ingest but the broker, on a made-up sensor: folded into its
 * snapshot, the snapshot encoded, its sections rendered in English, Persian and Arabic, chunked,
 * the chunks the embedder reads cut into windows and embedded, every chunk hashed and its index
 * change encoded. Without it the first minute of readings after a start queues behind the JIT
 * compiler (a reading cost several times its warm cost). The made-up field has a profile, a
 * forecast and a weather station too, so a station's first fan-out (every linked field's snapshot
 * rendered again) finds those sections compiled as well; they do not change between rounds, so
 * their vectors come from the cache after the first. Nothing is sent and no manifest is touched:
 * the snapshot stays in this object.
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
    var field =
        SensorSnapshotUpdated.newBuilder(snapshot)
            .setProfile(PROFILE)
            .setForecast(FORECAST)
            .setWeather(WEATHER)
            .build();
    try {
      field.toByteBuffer();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var sources = indexer.drafts(field).values();
    var read = new ArrayList<String>();
    for (List<ChunkDraft> drafts : sources) {
      for (ChunkDraft d : drafts) {
        if (embedder.reads(d.language())) {
          read.addAll(embedder.windows(d.embedHeading(), d.embedText()));
        }
      }
    }
    if (!read.isEmpty()) {
      float[] vector = embedder.embedAll(read).get(0);
      sources.forEach(drafts -> ChunkIndexer.rehearse(drafts, vector, embedder.modelId()));
    }
  }

  private static final SensorProfileUpdated PROFILE =
      new SensorProfileUpdated(
          SENSOR,
          35.69,
          51.39,
          "clay loam",
          List.of(new DepthReading(10, 18.5, 14.0, null)),
          "maize",
          "drip",
          null,
          Instant.parse("2026-01-01T00:00:00Z"),
          "warm-up-station");

  private static final ForecastUpdated FORECAST =
      new ForecastUpdated(
          SENSOR,
          "warm-up",
          List.of(
              new ForecastDay("2026-01-01", 3.0, 15.0, 2.5, 55.0, 3.1, 1.6),
              new ForecastDay("2026-01-02", 2.0, 13.0, 0.0, 50.0, 2.0, 1.9)),
          Instant.parse("2026-01-01T00:00:00Z"));

  private static final FieldWeather WEATHER =
      new FieldWeather(
          "warm-up-station",
          "Warm-up",
          2.1,
          "nearest",
          "Asia/Tehran",
          IntStream.rangeClosed(1, 7).mapToObj(IngestWarmUp::day).toList(),
          Instant.parse("2026-01-07T08:00:00Z"));

  private static StationDay day(int d) {
    return new StationDay(
        "2026-01-0" + d,
        16.0,
        4.0,
        90.0,
        45.0,
        1.8,
        9.5,
        d * 1.5,
        2.1,
        "penman-monteith",
        true,
        86_400,
        1);
  }
}
