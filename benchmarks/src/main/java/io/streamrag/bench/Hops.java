package io.streamrag.bench;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.sensor.SensorReadingReceived;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * Where the time of publish → searchable goes, hop by hop, read back from the records themselves: a
 * reading carries the device's publish time (its {@code ts}) and the bridge's {@code received_at};
 * every Kafka record carries the time its producer created it.
 */
final class Hops {

  private Hops() {}

  static void print(String brokers, Set<String> sensors, long sinceMillis, JsonNode freshness) {
    var readings = new HashMap<String, Object[]>(); // event id -> {reading, record time}
    for (var r : read(brokers, SensorTopics.SENSOR_READINGS.name(), sinceMillis - 1000)) {
      if (r.value() instanceof SensorReadingReceived s
          && sensors.contains(s.getSensorUuid())
          && s.getMeasuredAt().toEpochMilli() >= sinceMillis) {
        readings.put(s.getEventId(), new Object[] {s, r.timestamp()});
      }
    }
    var snapshotAt = new HashMap<String, Long>(); // event id -> snapshot record time
    for (var r : read(brokers, SensorTopics.SENSOR_SNAPSHOTS.name(), sinceMillis - 1000)) {
      if (r.value() instanceof SensorSnapshotUpdated s
          && readings.containsKey(s.getLastEventId())) {
        snapshotAt.putIfAbsent(s.getLastEventId(), r.timestamp());
      }
    }
    // sensor@received -> record time of the English readings chunk's index change, then searchable
    var indexedAt =
        indexedAt(brokers, sensors, sinceMillis, source -> source.endsWith("/readings"));
    var searchableAt = searchableAt(freshness, source -> source.endsWith("/readings"));
    Map<String, List<Double>> hops = new java.util.LinkedHashMap<>();
    for (String name :
        List.of(
            "device publish -> bridge accepted",
            "bridge accepted -> on sensor.readings",
            "sensor.readings -> snapshot produced",
            "snapshot -> index change produced",
            "index change -> searchable")) {
      hops.put(name, new ArrayList<>());
    }
    for (var entry : readings.entrySet()) {
      var s = (SensorReadingReceived) entry.getValue()[0];
      long onTopic = (Long) entry.getValue()[1];
      long published = s.getMeasuredAt().toEpochMilli();
      long accepted = s.getReceivedAt().toEpochMilli();
      hops.get("device publish -> bridge accepted").add((double) (accepted - published));
      hops.get("bridge accepted -> on sensor.readings").add((double) (onTopic - accepted));
      Long snap = snapshotAt.get(entry.getKey());
      if (snap != null) {
        hops.get("sensor.readings -> snapshot produced").add((double) (snap - onTopic));
      }
      String key = s.getSensorUuid() + "@" + accepted;
      Long indexed = indexedAt.get(key);
      if (snap != null && indexed != null) {
        hops.get("snapshot -> index change produced").add((double) (indexed - snap));
      }
      Long searchable = searchableAt.get(key);
      if (indexed != null && searchable != null) {
        hops.get("index change -> searchable").add((double) (searchable - indexed));
      }
    }
    table(hops);
  }

  /**
   * Where the time of a station's observation → its fields searchable goes: from the bridge
   * accepting it to each field's English weather chunk produced on index.changes (days folded, the
   * field re-rendered, embedded), then to that field's weather searchable in every language.
   */
  static void printWeather(
      String brokers, Set<String> sensors, long sinceMillis, JsonNode freshness) {
    var indexedAt = indexedAt(brokers, sensors, sinceMillis, s -> s.startsWith("station/"));
    var searchableAt = searchableAt(freshness, s -> s.startsWith("station/"));
    Map<String, List<Double>> hops = new java.util.LinkedHashMap<>();
    var produced = new ArrayList<Double>();
    var applied = new ArrayList<Double>();
    indexedAt.forEach(
        (key, at) -> {
          long accepted = Long.parseLong(key.substring(key.indexOf('@') + 1));
          if (accepted < sinceMillis) {
            return;
          }
          produced.add((double) (at - accepted));
          Long searchable = searchableAt.get(key);
          if (searchable != null) {
            applied.add((double) (searchable - at));
          }
        });
    hops.put("observation accepted -> field's index change produced", produced);
    hops.put("index change -> searchable", applied);
    table(hops);
  }

  /** sensor@received -> when its English chunk of a matching source was on index.changes. */
  private static Map<String, Long> indexedAt(
      String brokers, Set<String> sensors, long sinceMillis, Predicate<String> source) {
    var out = new HashMap<String, Long>();
    for (var r : read(brokers, KnowledgeTopics.INDEX_CHANGES.name(), sinceMillis - 1000)) {
      if (r.value() instanceof IndexChanged c
          && c.getPayload() != null
          && sensors.contains(c.getPayload().getSensorUuid())
          && source.test(c.getPayload().getSource())
          && c.getPayload().getLanguage().equals("en")) {
        out.putIfAbsent(
            c.getPayload().getSensorUuid() + "@" + c.getSourceReceivedAt().toEpochMilli(),
            r.timestamp());
      }
    }
    return out;
  }

  /** sensor@received -> when every language of a matching source was searchable. */
  private static Map<String, Long> searchableAt(JsonNode freshness, Predicate<String> source) {
    var out = new HashMap<String, Long>();
    for (JsonNode e : freshness) {
      if (source.test(e.get("source").asString())) {
        out.merge(
            e.get("sensor").asString() + "@" + e.get("receivedAtMillis").asLong(),
            e.get("searchableAtMillis").asLong(),
            Math::max);
      }
    }
    return out;
  }

  private static void table(Map<String, List<Double>> hops) {
    System.out.println("\n| hop | p50 ms | p95 ms | p99 ms | n |");
    System.out.println("|---|---|---|---|---|");
    hops.forEach(
        (name, values) -> {
          var p = Percentiles.of(values.stream().mapToDouble(Double::doubleValue).toArray());
          System.out.printf(
              Locale.ROOT,
              "| %s | %.1f | %.1f | %.1f | %d |%n",
              name,
              p.p50(),
              p.p95(),
              p.p99(),
              p.count());
        });
  }

  static List<TopicProbe.Received> read(String brokers, String topic, long fromMillis) {
    try (var probe = new TopicProbe(brokers, topic, fromMillis)) {
      return probe.drain(Duration.ofSeconds(3));
    }
  }
}
