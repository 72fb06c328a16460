package io.streamrag.bridge.station;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads an Open-Meteo-compatible API's past hours and current conditions at a station's place and
 * turns each into the bridge's interval observation payload, which then goes through the same
 * validation as a station's own. Open-Meteo's hourly radiation is the mean of the preceding hour
 * and its precipitation the preceding hour's sum, and its current conditions cover the preceding
 * {@code interval} seconds: each is an interval ending at its time. Wind is at 10 m.
 */
public final class OpenMeteoObservations {

  static final String VARIABLES =
      "temperature_2m,relative_humidity_2m,wind_speed_10m,shortwave_radiation,precipitation";

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final String url;
  private final JsonMapper json;

  /**
   * @param url the forecast endpoint, e.g. {@code https://api.open-meteo.com/v1/forecast}
   */
  public OpenMeteoObservations(String url, JsonMapper json) {
    this.url = url;
    this.json = json;
  }

  /**
   * The observation payloads of the last {@code pastHours} hours and of the current conditions,
   * oldest first, those ending after {@code now} left out.
   */
  public List<byte[]> fetch(double latitude, double longitude, int pastHours, Instant now)
      throws IOException, InterruptedException {
    var uri =
        URI.create(
            String.format(
                Locale.ROOT,
                "%s?latitude=%.4f&longitude=%.4f&current=%s&hourly=%s&past_hours=%d&forecast_hours=1"
                    + "&wind_speed_unit=ms&timeformat=unixtime&timezone=GMT",
                url,
                latitude,
                longitude,
                VARIABLES,
                VARIABLES,
                pastHours));
    var response =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).GET().build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException(
          "observation API answered HTTP " + response.statusCode() + " for " + uri);
    }
    return payloads(json.readTree(response.body()), now);
  }

  /** The payloads of one response. */
  List<byte[]> payloads(JsonNode root, Instant now) {
    var out = new ArrayList<byte[]>();
    JsonNode hourly = root.path("hourly");
    JsonNode times = hourly.path("time");
    for (int i = 0; i < times.size(); i++) {
      record(hourly, i, times.get(i).asLong(), 3600, now).ifPresent(out::add);
    }
    JsonNode current = root.path("current");
    if (current.has("time")) {
      record(current, -1, current.get("time").asLong(), current.path("interval").asInt(900), now)
          .ifPresent(out::add);
    }
    return out;
  }

  private java.util.Optional<byte[]> record(
      JsonNode series, int index, long epochSecond, int seconds, Instant now) {
    Instant end = Instant.ofEpochSecond(epochSecond);
    Double temperature = value(series, "temperature_2m", index);
    Double humidity = value(series, "relative_humidity_2m", index);
    Double wind = value(series, "wind_speed_10m", index);
    Double rain = value(series, "precipitation", index);
    if (end.isAfter(now) || temperature == null || humidity == null || wind == null) {
      return java.util.Optional.empty(); // not over yet, or a gap in the model's data
    }
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("ts", end.toString());
    payload.put("interval_s", seconds);
    payload.put("air_temperature", temperature);
    payload.put("relative_humidity", humidity);
    payload.put("wind_speed", wind);
    payload.put("wind_height_m", 10);
    Double radiation = value(series, "shortwave_radiation", index);
    if (radiation != null) {
      payload.put("solar_radiation", radiation);
    }
    payload.put("rain_mm", rain == null ? 0 : rain);
    return java.util.Optional.of(json.writeValueAsBytes(payload));
  }

  private static Double value(JsonNode series, String name, int index) {
    JsonNode v = index < 0 ? series.path(name) : series.path(name).path(index);
    return v.isNumber() ? v.doubleValue() : null;
  }
}
