package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * API keys issued for one benchmark run through the gateway's admin API (the demo profile's {@code
 * dev-admin-key}), each its own user and tenant owning a demo sensor, and revoked when the run
 * ends: a load of many callers, as the gateway's per-key limits see it.
 */
final class BenchKeys implements AutoCloseable {

  private static final JsonMapper JSON = new JsonMapper();

  /** The demo sensors the keys take turns owning. */
  static final List<String> SENSORS =
      List.of("550e8400-e29b-41d4-a716-446655440000", "6fa459ea-ee8a-3ca4-894e-db77e160355e");

  /** An issued key: its secret, its id (to revoke it) and the sensor it owns. */
  record Key(String secret, String id, String sensor) {}

  private final HttpClient http;
  private final String gateway;
  private final String admin;
  private final List<Key> keys = new ArrayList<>();

  BenchKeys(HttpClient http, String gateway, String admin) {
    this.http = http;
    this.gateway = gateway;
    this.admin = admin;
  }

  /** Issues {@code count} keys named {@code prefix-<n>}, each its own tenant. */
  List<Key> issue(String prefix, int count) throws Exception {
    var issued = new ArrayList<Key>();
    long run = System.currentTimeMillis() % 1_000_000;
    for (int i = 0; i < count; i++) {
      String sensor = SENSORS.get(i % SENSORS.size());
      String name = prefix + "-" + run + "-" + i;
      String body =
          JSON.writeValueAsString(Map.of("user", name, "tenant", name, "sensors", List.of(sensor)));
      var response =
          http.send(
              HttpRequest.newBuilder(URI.create(gateway + "/admin/keys"))
                  .header("Authorization", "Bearer " + admin)
                  .header("Content-Type", "application/json")
                  .timeout(Duration.ofSeconds(10))
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 201) {
        throw new IllegalStateException(
            "could not issue a benchmark key (" + response.statusCode() + "): " + response.body());
      }
      JsonNode key = JSON.readTree(response.body());
      issued.add(new Key(key.path("key").asString(), key.path("id").asString(), sensor));
    }
    keys.addAll(issued);
    return issued;
  }

  /** Revokes every key issued here. */
  @Override
  public void close() {
    for (Key key : keys) {
      try {
        http.send(
            HttpRequest.newBuilder(URI.create(gateway + "/admin/keys/" + key.id() + "/revoke"))
                .header("Authorization", "Bearer " + admin)
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.discarding());
      } catch (Exception e) {
        System.err.println("could not revoke benchmark key " + key.id() + ": " + e.getMessage());
      }
    }
  }
}
