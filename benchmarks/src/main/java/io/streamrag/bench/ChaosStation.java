package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The chaos run's weather station: registered, and followed by one of the run's sensors. */
final class ChaosStation {

  private ChaosStation() {}

  /** Registers {@code station} in UTC and links {@code field} to it; the station's token. */
  static String register(String bridge, String admin, String station, String field)
      throws Exception {
    String token = "chaos-station-token-" + station;
    put(
        bridge + "/api/stations/" + station,
        admin,
        "{\"lat\":30.0,\"lon\":0.0,\"elevation_m\":500,\"time_zone\":\"UTC\",\"token\":\""
            + token
            + "\"}");
    put(
        bridge + "/api/sensors/" + field + "/profile",
        admin,
        "{\"lat\":30.0,\"lon\":0.01,\"soil_texture\":\"loam\",\"station_id\":\"" + station + "\"}");
    return token;
  }

  private static void put(String url, String token, String body) throws Exception {
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          "PUT " + url + ": HTTP " + response.statusCode() + " " + response.body());
    }
  }
}
