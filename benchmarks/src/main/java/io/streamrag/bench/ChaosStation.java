package io.streamrag.bench;

/** The chaos run's weather station: registered, and followed by one of the run's sensors. */
final class ChaosStation {

  private ChaosStation() {}

  /** Registers {@code station} in UTC and links {@code field} to it; the station's token. */
  static String register(String bridge, String admin, String station, String field)
      throws Exception {
    String token = "chaos-station-token-" + station;
    BenchHttp.send(
        "PUT",
        bridge + "/api/stations/" + station,
        admin,
        "{\"lat\":30.0,\"lon\":0.0,\"elevation_m\":500,\"time_zone\":\"UTC\",\"token\":\""
            + token
            + "\"}");
    BenchHttp.send(
        "PUT",
        bridge + "/api/sensors/" + field + "/profile",
        admin,
        "{\"lat\":30.0,\"lon\":0.01,\"soil_texture\":\"loam\",\"station_id\":\"" + station + "\"}");
    return token;
  }
}
