package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import tools.jackson.databind.json.JsonMapper;

/**
 * A weather station beside the demo farmer's field, set up through the bridge as an operator and
 * the station's firmware would: registered with the admin token, the field's profile naming it,
 * daily records posted with the station's own token.
 */
record Stations(RunningSystem system, String id, String token) {

  static final ZoneId TEHRAN = ZoneId.of("Asia/Tehran");
  private static final JsonMapper JSON = new JsonMapper();

  /**
   * The demo field as {@code ./run.sh} sets it up, by running the same script against this system's
   * bridge: station {@code demo-station} with a week of daily records, and the farmer's sensor with
   * its profile (following the station), forecast and a week of readings.
   */
  static Stations theDemoField(RunningSystem system) throws Exception {
    Process script =
        new ProcessBuilder(
                "bash", Path.of("..", "tools", "demo-field.sh").toString(), system.bridgeUrl())
            .redirectErrorStream(true)
            .start();
    String said = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(script.waitFor()).as(said).isZero();
    return new Stations(system, "demo-station", "dev-station-token-for-the-demo");
  }

  /** Registers {@code id} 2.8 km from the field and makes the farmer's field follow it. */
  static Stations besideTheFarmersField(RunningSystem system, String id) {
    var registered =
        Http.put(
            system.bridgeUrl() + "/api/stations/" + id,
            "dev-admin-token",
            JSON.readTree(
                "{\"lat\":35.72,\"lon\":51.42,\"elevation_m\":1190,\"name\":\"Varamin farm "
                    + id
                    + "\",\"time_zone\":\"Asia/Tehran\"}"));
    assertThat(registered.status()).as(registered.body().toString()).isIn(200, 201);
    String token = registered.body().path("token").asString("");
    if (token.isEmpty()) {
      // registered by an earlier class of this run: give it a token of ours
      token = "system-test-station-token-" + id;
      Http.put(
          system.bridgeUrl() + "/api/stations/" + id,
          "dev-admin-token",
          JSON.readTree(
              "{\"lat\":35.72,\"lon\":51.42,\"elevation_m\":1190,\"time_zone\":\"Asia/Tehran\","
                  + "\"token\":\""
                  + token
                  + "\"}"));
    }
    assertThat(
            Http.put(
                system.bridgeUrl() + "/api/sensors/" + WholeFlowTest.FARMER_SENSOR + "/profile",
                "dev-device-token",
                "{\"lat\":35.7,\"lon\":51.4,\"soil_texture\":\"loam\",\"crop\":\"maize\","
                    + "\"irrigation_method\":\"drip\",\"station_id\":\""
                    + id
                    + "\"}"))
        .isEqualTo(202);
    return new Stations(system, id, token);
  }

  /** The status of a daily record posted for {@code daysBack} days before the station's today. */
  int daily(int daysBack, double rainMm, String extra) {
    String date = LocalDate.now(TEHRAN).minusDays(daysBack).toString();
    return Http.postJson(
            system.bridgeUrl() + "/api/stations/" + id + "/observations",
            token,
            "{\"date\":\""
                + date
                + "\",\"t_max\":18.5,\"t_min\":6.1,\"rh_max\":88,\"rh_min\":41,\"wind_speed\":2.1,"
                + "\"solar_radiation_mj\":11.3,\"rain_mm\":"
                + rainMm
                + extra
                + "}")
        .status();
  }

  static String date(int daysBack) {
    return LocalDate.now(TEHRAN).minusDays(daysBack).toString();
  }
}
