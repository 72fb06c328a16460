package io.streamrag.bench;

import static io.streamrag.bench.BenchHttp.send;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.ObjectMapper;

/**
 * What a working field has before its station reports, written through the bridge as a farm would:
 * a profile (crop, soil, irrigation method, its station), a 5-day forecast, and readings over the
 * last 20 hours from its device. Fields differ in crop, soil and values, as neighbours do.
 */
final class FieldData {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> CROPS = List.of("wheat", "maize", "tomato", "alfalfa");
  private static final List<String> SOILS = List.of("loam", "clay loam", "sandy loam", "silt loam");
  private static final List<String> METHODS = List.of("drip", "sprinkler", "furrow");
  private static final int READINGS = 6;

  private FieldData() {}

  /** One device that reports for every field of the bench; its token. */
  static String device(String bridge, String admin, String station, List<String> sensors)
      throws Exception {
    String body = JSON.writeValueAsString(java.util.Map.of("sensors", sensors));
    var registered = send("PUT", bridge + "/admin/devices/" + station + "-device", admin, body);
    return JSON.readTree(registered).get("token").asString();
  }

  static String profile(double lat, double lon, String station, int i) {
    return String.format(
        Locale.ROOT,
        "{\"lat\":%.4f,\"lon\":%.4f,\"soil_texture\":\"%s\",\"crop\":\"%s\","
            + "\"irrigation_method\":\"%s\",\"depths\":[{\"depth_cm\":10,\"soil_moisture\":%d}],"
            + "\"station_id\":\"%s\"}",
        lat,
        lon,
        SOILS.get(i % SOILS.size()),
        CROPS.get(i % CROPS.size()),
        METHODS.get(i % METHODS.size()),
        20 + i % 15,
        station);
  }

  static void forecastAndReadings(String bridge, String admin, String device, String sensor, int i)
      throws Exception {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    var days = new StringBuilder();
    for (int d = 0; d < 5; d++) {
      days.append(d > 0 ? "," : "")
          .append(
              String.format(
                  Locale.ROOT,
                  "{\"date\":\"%s\",\"t_min\":%d,\"t_max\":%d,\"precipitation_mm\":%.1f,"
                      + "\"et0_mm\":%.1f}",
                  today.plusDays(d),
                  10 + d,
                  24 + d + i % 4,
                  (d + i) % 3 == 0 ? 2.5 : 0.0,
                  4.5 + (i % 5) * 0.3));
    }
    send(
        "PUT", bridge + "/api/sensors/" + sensor + "/forecast", admin, "{\"days\":[" + days + "]}");
    Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(20, ChronoUnit.HOURS);
    for (int r = 0; r < READINGS; r++) {
      send(
          "POST",
          bridge + "/api/sensors/" + sensor + "/readings",
          device,
          String.format(
              Locale.ROOT,
              "{\"ts\":\"%s\",\"soil_moisture\":%.1f,\"temperature\":%.1f,\"ph\":%.1f,"
                  + "\"nitrogen\":%d}",
              start.plus(4L * r, ChronoUnit.HOURS),
              32.0 - r * 1.5 - i % 7,
              14.0 + r + i % 3,
              6.4 + (i % 5) / 10.0,
              20 + i % 11));
    }
  }
}
