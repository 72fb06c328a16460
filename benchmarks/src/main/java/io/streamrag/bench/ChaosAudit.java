package io.streamrag.bench;

import io.streamrag.ingest.snapshot.SnapshotText;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import tools.jackson.databind.json.JsonMapper;

/**
 * What became of the readings, read back from the topics and the store once the stack is quiet.
 *
 * <ul>
 *   <li>A reading is <b>in the snapshots</b> when a record on {@code sensor.snapshots} names its
 *       event id as {@code last_event_id}: ingest folded it into its sensor's state and published
 *       that state. Every accepted reading must be, since a sensor's readings are posted one at a
 *       time with rising {@code ts} (none is older than one folded before it). <b>Lost</b>:
 *       accepted (HTTP 202) and in no snapshot. Where it was lost shows in {@code
 *       lost_before_topic} (accepted but not on {@code sensor.readings}) and {@code
 *       readings_dead_lettered}.
 *   <li>The snapshot chain: each fold adds one to the snapshot's {@code version}, so a sensor's
 *       last snapshot must have as many as there are readings on {@code sensor.readings} that were
 *       newer than every earlier one of the sensor; {@code snapshot_version_errors} sums the
 *       differences (a fold onto a stale snapshot, or a reading folded twice).
 *   <li>An index entry is a <b>duplicate</b> when one fact is in the store twice: the store (its
 *       {@code chunks}) holds more chunks than there are live points on {@code index.changes} (the
 *       last record of each point id is an upsert), or one of the benchmark's sensors has two live
 *       points for the same section in the same language (each section is one chunk per language).
 *   <li>A sensor's index is <b>behind its snapshot</b> when its searchable English readings chunk
 *       does not hold the text ingest renders from its last snapshot.
 * </ul>
 */
final class ChaosAudit {

  private static final JsonMapper JSON = new JsonMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Duration READ = Duration.ofSeconds(120);
  private static final String INGEST_GROUP = "ingest-sensors";
  private static final SnapshotText TEXT = new SnapshotText();

  private ChaosAudit() {}

  /**
   * Waits until the stack is quiet: ingest has consumed every reading on {@code sensor.readings}
   * (its group's lag is 0) and retrieval's chunk count has not changed for 5 s.
   *
   * @return whether it became quiet within the limit
   */
  static boolean settle(String kafka, String retrieval, Duration limit) throws Exception {
    try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka))) {
      long deadline = System.nanoTime() + limit.toNanos();
      long previous = -2;
      int stable = 0;
      while (System.nanoTime() < deadline) {
        long chunks = storeChunks(retrieval);
        boolean drained = ingestLag(admin) == 0;
        stable = drained && chunks >= 0 && chunks == previous ? stable + 1 : 0;
        previous = chunks;
        if (stable >= 5) {
          return true;
        }
        Thread.sleep(1000);
      }
      return false;
    }
  }

  /** Readings on {@code sensor.readings} that ingest's group has not yet committed. */
  private static long ingestLag(Admin admin) {
    try {
      var committed =
          admin
              .listConsumerGroupOffsets(INGEST_GROUP)
              .partitionsToOffsetAndMetadata()
              .get(5, TimeUnit.SECONDS);
      var latest = new HashMap<TopicPartition, OffsetSpec>();
      for (int p = 0; p < SensorTopics.SENSOR_READINGS.partitions(); p++) {
        latest.put(new TopicPartition(SensorTopics.SENSOR_READINGS.name(), p), OffsetSpec.latest());
      }
      var ends = admin.listOffsets(latest).all().get(5, TimeUnit.SECONDS);
      long lag = 0;
      for (var p : latest.keySet()) {
        var done = committed.get(p);
        lag += ends.get(p).offset() - (done == null ? 0 : done.offset());
      }
      return lag;
    } catch (Exception e) {
      return Long.MAX_VALUE; // the broker or the group is not answering: not quiet
    }
  }

  /** The token that reads retrieval's health details: the demo's, as ./run.sh starts it. */
  static final String ADMIN_TOKEN =
      System.getenv().getOrDefault("RETRIEVAL_ADMIN_TOKEN", "dev-admin-token");

  /** Number of store chunks retrieval reports in its health, or -1 when it does not answer. */
  static long storeChunks(String retrieval) {
    try {
      var response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(retrieval + "/actuator/health"))
                  .header("Authorization", "Bearer " + ADMIN_TOKEN)
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return JSON.readTree(response.body())
          .path("components")
          .path("index")
          .path("details")
          .path("chunks")
          .asLong(-1);
    } catch (Exception e) {
      return -1;
    }
  }

  /** The figures, in the order the JSON line prints them. */
  static Map<String, Object> audit(
      String kafka,
      String retrieval,
      Set<String> sensors,
      Map<String, ReadingLoad.Accepted> accepted,
      long sinceMillis) {
    var out = new LinkedHashMap<String, Object>();
    // 1. the readings on their topic, per sensor in order: how many folds each should cause
    var onTopic = new HashSet<String>();
    var newest = new HashMap<String, Instant>();
    var expectedVersion = new HashMap<String, Integer>();
    for (var r : read(kafka, SensorTopics.SENSOR_READINGS.name(), sinceMillis)) {
      if (r.value() instanceof SensorReadingReceived s && sensors.contains(s.getSensorUuid())) {
        onTopic.add(s.getEventId());
        Instant before = newest.get(s.getSensorUuid());
        if (before == null || s.getMeasuredAt().isAfter(before)) {
          newest.put(s.getSensorUuid(), s.getMeasuredAt());
          expectedVersion.merge(s.getSensorUuid(), 1, Integer::sum);
        }
      }
    }
    // 2. the snapshots: which readings were folded, how often, and each sensor's last state. The
    // next version with its predecessor's reading is a profile, forecast or station change (the
    // run's first sensor follows a weather station): a version, but no fold of a reading; the
    // same reading at the same version again is a reading folded twice
    var folded = new HashMap<String, Integer>();
    var last = new HashMap<String, SensorSnapshotUpdated>();
    for (var r : read(kafka, SensorTopics.SENSOR_SNAPSHOTS.name(), sinceMillis)) {
      if (r.value() instanceof SensorSnapshotUpdated s && sensors.contains(s.getSensorUuid())) {
        var before = last.get(s.getSensorUuid());
        if (before != null
            && s.getLastEventId().equals(before.getLastEventId())
            && s.getVersion() == before.getVersion() + 1) {
          expectedVersion.merge(s.getSensorUuid(), 1, Integer::sum);
        } else {
          folded.merge(s.getLastEventId(), 1, Integer::sum);
        }
        last.put(s.getSensorUuid(), s);
      }
    }
    int deadLettered = 0;
    for (var r : read(kafka, DeadLetterTopics.DLQ_INGEST_SENSORS.name(), sinceMillis)) {
      if (r.value() instanceof SensorReadingReceived s && sensors.contains(s.getSensorUuid())) {
        deadLettered++;
      }
    }
    long inSnapshots = accepted.keySet().stream().filter(folded::containsKey).count();
    long versionErrors =
        sensors.stream()
            .mapToLong(
                s ->
                    Math.abs(
                        expectedVersion.getOrDefault(s, 0)
                            - (last.containsKey(s) ? last.get(s).getVersion() : 0)))
            .sum();
    // 3. the index: live points on index.changes against what the store holds
    var live = new HashMap<String, IndexChanged>();
    String model = null;
    for (var r : read(kafka, KnowledgeTopics.INDEX_CHANGES.name(), -1)) {
      if (r.value() instanceof IndexChanged c
          && c.getOp() == IndexOp.UPSERT
          && c.getPayload() != null) {
        live.put(r.key(), c);
        model = c.getEmbeddingModel();
      } else {
        live.remove(r.key()); // a delete or a tombstone
      }
    }
    String storeModel = model;
    long livePoints =
        live.values().stream().filter(c -> c.getEmbeddingModel().equals(storeModel)).count();
    long store = storeChunks(retrieval);
    Map<String, Long> perSectionLanguage =
        live.values().stream()
            .filter(c -> sensors.contains(c.getPayload().getSensorUuid()))
            .collect(
                Collectors.groupingBy(
                    c -> c.getPayload().getSource() + "@" + c.getPayload().getLanguage(),
                    Collectors.counting()));
    long twiceInTopic = perSectionLanguage.values().stream().mapToLong(n -> n - 1).sum();
    long behind =
        sensors.stream()
            .filter(
                s -> {
                  var snapshot = last.get(s);
                  var chunk =
                      live.values().stream()
                          .filter(
                              c ->
                                  c.getPayload().getSource().equals("sensor/" + s + "/readings")
                                      && c.getPayload().getLanguage().equals("en"))
                          .findFirst();
                  return snapshot != null
                      && (chunk.isEmpty()
                          || !chunk.get().getPayload().getText().equals(readingsText(snapshot)));
                })
            .count();

    out.put("readings_accepted", accepted.size());
    out.put("readings_in_snapshots", inSnapshots);
    out.put("lost", accepted.size() - inSnapshots);
    out.put("duplicate_index_entries", Math.max(0, store - livePoints) + twiceInTopic);
    out.put(
        "lost_before_topic",
        accepted.keySet().stream().filter(id -> !onTopic.contains(id)).count());
    out.put("readings_dead_lettered", deadLettered);
    out.put(
        "readings_folded_twice",
        accepted.keySet().stream().filter(id -> folded.getOrDefault(id, 0) > 1).count());
    out.put("snapshot_version_errors", versionErrors);
    out.put("index_store_chunks", store);
    out.put("index_live_points", livePoints);
    out.put("index_entries_missing", Math.max(0, livePoints - store));
    out.put("sensors_index_behind_snapshot", behind);
    return out;
  }

  /**
   * The English readings chunk ingest makes of a snapshot. Compared as text, not by the time of the
   * reading behind it: ingest sends no change for a chunk whose text is the same (a newer reading
   * with the values of the last one indexed, in the same minute).
   */
  private static String readingsText(SensorSnapshotUpdated snapshot) {
    return TEXT.sections(snapshot).stream()
        .filter(section -> section.name().equals("readings"))
        .map(section -> section.in("en").text())
        .findFirst()
        .orElse("");
  }

  private static List<TopicProbe.Received> read(String kafka, String topic, long fromMillis) {
    try (var probe = new TopicProbe(kafka, topic, fromMillis)) {
      return probe.untilEnd(READ);
    }
  }
}
