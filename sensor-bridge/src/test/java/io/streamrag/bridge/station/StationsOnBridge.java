package io.streamrag.bridge.station;

import io.streamrag.bridge.BridgeIntegrationTest;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.UUID;

/** The bridge on a real broker, with what every station test sends: a new station, its place. */
abstract class StationsOnBridge extends BridgeIntegrationTest {

  static final String TEHRAN = "Asia/Tehran";

  static String station() {
    return "st-" + UUID.randomUUID().toString().substring(0, 8);
  }

  static String place(double lat, double lon) {
    return "{\"lat\":"
        + lat
        + ",\"lon\":"
        + lon
        + ",\"elevation_m\":1200,\"name\":\"Varamin research farm\",\"time_zone\":\""
        + TEHRAN
        + "\"}";
  }

  String register(String id) {
    return new String(
            send("PUT", "/api/stations/" + id, ADMIN_TOKEN, place(35.3, 51.6))
                .expectStatus()
                .isCreated()
                .expectBody()
                .jsonPath("$.mqtt.topic")
                .isEqualTo("stations/" + id + "/observations")
                .jsonPath("$.time_zone")
                .isEqualTo(TEHRAN)
                .returnResult()
                .getResponseBody())
        .replaceAll(".*\"token\":\"([^\"]+)\".*", "$1");
  }

  static String daily(int daysBack) {
    return "{\"date\":\""
        + LocalDate.now(ZoneId.of(TEHRAN)).minusDays(daysBack)
        + "\",\"t_max\":18,\"t_min\":6,\"rh_max\":88,\"rh_min\":41,\"wind_speed\":2,\"rain_mm\":3}";
  }
}
