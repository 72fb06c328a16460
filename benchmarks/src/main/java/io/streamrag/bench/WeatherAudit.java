package io.streamrag.bench;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.DeadLetterTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.WeatherDayObserved;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What became of a station's accepted observations, read back from the topics once the stack is
 * quiet: every accepted 10-minute record must be counted once in its UTC day on {@code
 * weather.days}, each day's rain must be that of the records it covers, and the field that follows
 * the station must show the station's last days. A day may count more records than were accepted:
 * posts the load saw fail that landed all the same, counted apart, not as an error.
 */
final class WeatherAudit {

  private WeatherAudit() {}

  static Map<String, Object> audit(
      String brokers, String station, List<WeatherLoad.Accepted> accepted, String field) {
    var expected = new HashMap<LocalDate, Integer>();
    for (var a : accepted) {
      expected.merge(LocalDate.ofInstant(a.end().minusSeconds(1), ZoneOffset.UTC), 1, Integer::sum);
    }
    var days = new HashMap<LocalDate, WeatherDayObserved>();
    try (var probe = new TopicProbe(brokers, WeatherTopics.WEATHER_DAYS.name())) {
      for (var r : probe.drain(Duration.ofSeconds(3))) {
        if (r.value() instanceof WeatherDayObserved d && d.getStationId().equals(station)) {
          days.merge(
              LocalDate.parse(d.getDay().getDate()),
              d,
              (a, b) -> b.getVersion() >= a.getVersion() ? b : a);
        }
      }
    }
    long folded = 0;
    long unacknowledged = 0;
    long rainOff = 0;
    for (var e : expected.entrySet()) {
      var day = days.get(e.getKey());
      int counted = day == null ? 0 : day.getDay().getCoverageS() / WeatherLoad.INTERVAL_S;
      folded += Math.min(counted, e.getValue());
      // a post the load saw fail (a timeout while the bridge or broker restarted) may have landed
      unacknowledged += Math.max(0, counted - e.getValue());
      // the day's rain must be that of the records it covers: none counted twice or left out
      double rain = day == null ? 0 : day.getDay().getRainMm();
      if (Math.abs(rain - counted * WeatherLoad.RAIN_MM) > 1e-6) {
        rainOff++;
      }
    }
    long deadLettered;
    try (var dlq = new TopicProbe(brokers, DeadLetterTopics.DLQ_INGEST_WEATHER.name())) {
      deadLettered =
          dlq.drain(Duration.ofSeconds(2)).stream().filter(r -> station.equals(r.key())).count();
    }
    SensorSnapshotUpdated last = null;
    try (var probe = new TopicProbe(brokers, SensorTopics.SENSOR_SNAPSHOTS.name())) {
      for (var r : probe.drain(Duration.ofSeconds(3))) {
        if (field.equals(r.key()) && r.value() instanceof SensorSnapshotUpdated s) {
          last = s;
        }
      }
    }
    boolean behind =
        last == null
            || last.getWeather() == null
            || days.isEmpty()
            || !last.getWeather()
                .getDays()
                .get(last.getWeather().getDays().size() - 1)
                .equals(days.get(days.keySet().stream().max(LocalDate::compareTo).get()).getDay());
    var out = new LinkedHashMap<String, Object>();
    out.put("observations_accepted", accepted.size());
    out.put("observations_in_days", folded);
    out.put("observations_lost", accepted.size() - folded);
    out.put("observations_landed_unacknowledged", unacknowledged);
    out.put("station_days_rain_mismatch", rainOff);
    out.put("observations_dead_lettered", deadLettered);
    out.put("field_weather_behind_station", behind ? 1 : 0);
    return out;
  }
}
