package io.streamrag.bridge.forecast;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a 7-day daily forecast from an Open-Meteo-compatible API and turns it into the bridge's
 * forecast payload ({@code {days: [{date, t_min, t_max, precipitation_mm, humidity, wind_speed,
 * et0_mm}]}}), which then goes through the same validation as a pushed forecast.
 */
public final class OpenMeteoClient {

  static final String DAILY =
      "temperature_2m_min,temperature_2m_max,precipitation_sum,relative_humidity_2m_mean,wind_speed_10m_max,et0_fao_evapotranspiration";

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final String url;
  private final JsonMapper json;

  /**
   * @param url the forecast endpoint, e.g. {@code https://api.open-meteo.com/v1/forecast}
   */
  public OpenMeteoClient(String url, JsonMapper json) {
    this.url = url;
    this.json = json;
  }

  /** The forecast payload for a location, as JSON bytes. */
  public byte[] forecast(double latitude, double longitude)
      throws IOException, InterruptedException {
    var uri =
        URI.create(
            String.format(
                Locale.ROOT,
                "%s?latitude=%.4f&longitude=%.4f&daily=%s&forecast_days=7&timezone=UTC&wind_speed_unit=ms",
                url,
                latitude,
                longitude,
                DAILY));
    var response =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).GET().build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException("forecast API answered HTTP " + response.statusCode() + " for " + uri);
    }
    JsonNode daily = json.readTree(response.body()).path("daily");
    JsonNode dates = daily.path("time");
    List<Map<String, Object>> days = new ArrayList<>();
    for (int i = 0; i < dates.size(); i++) {
      var day = new LinkedHashMap<String, Object>();
      day.put("date", dates.get(i).asString());
      day.put("t_min", value(daily, "temperature_2m_min", i));
      day.put("t_max", value(daily, "temperature_2m_max", i));
      day.put("precipitation_mm", value(daily, "precipitation_sum", i));
      day.put("humidity", value(daily, "relative_humidity_2m_mean", i));
      day.put("wind_speed", value(daily, "wind_speed_10m_max", i));
      day.put("et0_mm", value(daily, "et0_fao_evapotranspiration", i));
      days.add(day);
    }
    return json.writeValueAsBytes(Map.of("days", days));
  }

  private static Object value(JsonNode daily, String series, int i) {
    JsonNode v = daily.path(series).path(i);
    return v.isNumber() ? v.doubleValue() : null;
  }
}
