package io.streamrag.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.ingest.index.ChunkIndexer;
import io.streamrag.ingest.index.DocumentDrafts;
import io.streamrag.ingest.snapshot.SensorLocks;
import io.streamrag.ingest.snapshot.SnapshotFolder;
import io.streamrag.ingest.snapshot.SnapshotIndexer;
import io.streamrag.ingest.snapshot.WeatherChanged;
import io.streamrag.ingest.weather.FieldWeathers;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.AvroBatches.Received;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.kafka.UndecodableRecordException;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.sensor.ForecastUpdated;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.StationLinked;
import java.lang.invoke.VarHandle;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ingest-service, step by step: a sensor's reading, profile, forecast or station link becomes its
 * snapshot and searchable text about it, and so does its station's new observation ({@link
 * io.streamrag.ingest.weather.WeatherSteps}); a knowledge document becomes searchable chunks. Each
 * handler sends all its outputs and waits once, before its input is committed.
 */
public class IngestSteps {

  private static final Logger log = LoggerFactory.getLogger(IngestSteps.class);

  private final TopicView<SensorSnapshotUpdated> snapshots;
  private final SnapshotFolder folder;
  private final FieldWeathers weathers;
  private final SnapshotIndexer snapshotIndexer;
  private final SensorLocks locks;
  private final Chunker chunker;
  private final ChunkIndexer indexer;
  private final TopicWriter writer;
  private final Timer sensorEvents;
  private final Timer acknowledged;
  private final ObservationRegistry observations;

  public IngestSteps(
      TopicView<SensorSnapshotUpdated> snapshots,
      SnapshotFolder folder,
      FieldWeathers weathers,
      SnapshotIndexer snapshotIndexer,
      SensorLocks locks,
      Chunker chunker,
      ChunkIndexer indexer,
      TopicWriter writer,
      MeterRegistry meters,
      ObservationRegistry observations) {
    this.observations = observations;
    this.sensorEvents =
        Timer.builder("ingest.sensor.event")
            .description(
                "Folding, rendering, embedding and publishing one sensor event (a poll's time per event)")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(meters);
    this.acknowledged =
        Timer.builder("ingest.sensor.event.ack")
            .description("Waiting for the broker to acknowledge one poll's outputs")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(meters);
    this.snapshots = snapshots;
    this.folder = folder;
    this.weathers = weathers;
    this.snapshotIndexer = snapshotIndexer;
    this.locks = locks;
    this.chunker = chunker;
    this.indexer = indexer;
    this.writer = writer;
  }

  /**
   * The readings, profiles, forecasts and station links of one poll, in their order. Their sensors'
   * locks are held until the broker has acknowledged every output: one round trip for the poll, not
   * one per event. An event that fails is reported by its place in the batch, after those before it
   * were acknowledged (their offsets are then committed, it is retried or filed as a dead letter).
   */
  public void onSensorEvents(List<Received<SpecificRecord>> events) {
    var sensors = new ArrayList<String>(events.size());
    for (var event : events) {
      if (!isSensorEvent(event.value())) {
        // the events before it are handled first, then it goes to its dead-letter topic
        onSensorEvents(events.subList(0, sensors.size()));
        throw AvroBatches.failed(
            event.index(),
            new UndecodableRecordException(
                "not a sensor event: " + event.value().getClass().getSimpleName(), null));
      }
      sensors.add((String) ((GenericRecord) event.value()).get("sensor_uuid"));
    }
    locks.whileHolding(sensors, () -> foldAll(events));
  }

  private void foldAll(List<Received<SpecificRecord>> events) {
    long start = System.nanoTime();
    var out = writer.batch();
    Map<String, SensorSnapshotUpdated> folded = new LinkedHashMap<>();
    int done = 0;
    try {
      for (var event : events) {
        event.observe(observations, "ingest.sensor.event", () -> fold(event.value(), folded, out));
        done++;
      }
    } catch (RuntimeException e) {
      acknowledge(out, folded);
      renderLinkedAgain(events.subList(0, done));
      throw AvroBatches.failed(events.get(done).index(), e);
    }
    acknowledge(out, folded);
    renderLinkedAgain(events);
    if (!events.isEmpty()) {
      sensorEvents.record((System.nanoTime() - start) / events.size(), TimeUnit.NANOSECONDS);
    }
  }

  /**
   * Fields whose weather changed (their station observed something): each snapshot re-rendered,
   * published and made searchable, acknowledged together.
   *
   * @param receivedAt when the bridge accepted the observation: the freshness clock of each field
   */
  public void onWeatherChanged(List<WeatherChanged> changes, Instant receivedAt) {
    var sensors = changes.stream().map(WeatherChanged::sensorUuid).toList();
    locks.whileHolding(
        sensors,
        () -> {
          var out = writer.batch();
          Map<String, SensorSnapshotUpdated> folded = new LinkedHashMap<>();
          for (var change : changes) {
            fold(change, change.sensorUuid(), receivedAt, folded, out);
          }
          acknowledge(out, folded);
        });
  }

  private void fold(
      SpecificRecord event, Map<String, SensorSnapshotUpdated> folded, TopicWriter.Batch out) {
    var record = (GenericRecord) event;
    String sensor = (String) record.get("sensor_uuid");
    if (event instanceof StationLinked link) {
      // a link is the station's days as they stand now
      var weather = weathers.of(link).orElse(null);
      fold(new WeatherChanged(sensor, weather), sensor, link.getUpdatedAt(), folded, out);
      return;
    }
    fold(event, sensor, (Instant) record.get("received_at"), folded, out);
  }

  private void fold(
      Object event,
      String sensor,
      Instant receivedAt,
      Map<String, SensorSnapshotUpdated> folded,
      TopicWriter.Batch out) {
    // 1. fold it into the sensor's snapshot (as this batch left it); a duplicate or an older
    // reading changes nothing
    var before =
        folded.containsKey(sensor) ? folded.get(sensor) : snapshots.get(sensor).orElse(null);
    var after = folder.foldRendered(before, event);
    if (after.isEmpty()) {
      return;
    }
    SensorSnapshotUpdated snapshot = after.get().snapshot();
    // 2. publish the snapshot: retrieval attaches it to this sensor's next answer
    out.send(SensorTopics.SENSOR_SNAPSHOTS, sensor, snapshot);
    // 3. make its changed sections searchable, now or at the end of a burst
    snapshotIndexer.request(after.get(), receivedAt, out);
    folded.put(sensor, snapshot);
  }

  /**
   * 5. A field linked in this poll was rendered with its station's days as they stood then. A day
   * the station published meanwhile was fanned out to the fields in the view, which this field's
   * snapshot had not reached yet: rendered again with the days as they are now. The view is
   * written, then the days are read; the fan-out writes the days, then reads the view ({@link
   * io.streamrag.ingest.weather.WeatherSteps}): of the two, at least one sees the other's write.
   */
  private void renderLinkedAgain(List<Received<SpecificRecord>> events) {
    Map<String, StationLinked> links = new LinkedHashMap<>();
    for (var event : events) {
      if (event.value() instanceof StationLinked link) {
        links.remove(link.getSensorUuid());
        if (link.getStationId() != null) {
          links.put(link.getSensorUuid(), link);
        }
      }
    }
    if (links.isEmpty()) {
      return;
    }
    VarHandle.fullFence();
    var out = writer.batch();
    Map<String, SensorSnapshotUpdated> again = new LinkedHashMap<>();
    links.forEach(
        (sensor, link) ->
            weathers
                .of(link)
                .ifPresent(
                    now ->
                        fold(
                            new WeatherChanged(sensor, now),
                            sensor,
                            link.getUpdatedAt(),
                            again,
                            out)));
    if (!again.isEmpty()) {
      acknowledge(out, again);
    }
  }

  /** 4. wait for the broker, then let later events fold onto what was published. */
  private void acknowledge(TopicWriter.Batch out, Map<String, SensorSnapshotUpdated> folded) {
    long sent = System.nanoTime();
    out.await();
    folded.forEach(snapshots::update);
    acknowledged.record(System.nanoTime() - sent, TimeUnit.NANOSECONDS);
  }

  /** A knowledge document, new, changed or deleted. */
  public void onDocument(KnowledgeDocumentPublished doc) {
    // 1. chunk it (at most 500 tokens, 50 overlap, and what the embedder reads); a deleted
    // document has no chunks
    var drafts = DocumentDrafts.of(doc, chunker);
    // 2. embed changed chunks, upsert them, delete the ones that disappeared
    var out = writer.batch();
    var result = indexer.index(doc.getDocId(), drafts, doc.getPublishedAt(), out);
    out.await();
    log.info("{} {}: {}", doc.getDeleted() ? "removed" : "indexed", doc.getSource(), result);
  }

  /**
   * A knowledge document's tombstone (an administrator deleted it): every chunk its manifest lists
   * is deleted from the index. A document never indexed has nothing to delete.
   */
  public void onDocumentRemoved(String docId) {
    // 1. no chunks any more; 2. delete every chunk of its manifest
    var out = writer.batch();
    var result = indexer.index(docId, List.of(), Instant.now(), out);
    out.await();
    log.info("removed document {}: {}", docId, result);
  }

  /** Which records are sensor events. */
  static boolean isSensorEvent(Object record) {
    return record instanceof SensorReadingReceived
        || record instanceof SensorProfileUpdated
        || record instanceof ForecastUpdated
        || record instanceof StationLinked;
  }
}
