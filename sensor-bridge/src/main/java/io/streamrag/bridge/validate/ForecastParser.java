package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.schemas.sensor.ForecastDay;
import io.streamrag.schemas.sensor.ForecastUpdated;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a 7-day forecast (S1.3): {@code {days: [{date, t_min, t_max, precipitation_mm, humidity?,
 * wind_speed?, et0_mm?}]}}, one to seven days in ascending date order.
 */
@Component
public class ForecastParser {

  private static final Set<String> FIELDS = Set.of("days");
  private static final Set<String> DAY_FIELDS =
      Set.of("date", "t_min", "t_max", "precipitation_mm", "humidity", "wind_speed", "et0_mm");

  private final JsonMapper json;
  private final BridgeProperties properties;

  public ForecastParser(JsonMapper json, BridgeProperties properties) {
    this.json = json;
    this.properties = properties;
  }

  public ForecastUpdated parse(String sensorUuid, byte[] raw, Instant receivedAt, String source) {
    JsonNode root = JsonFields.object(json, raw, properties.maxPayloadBytes());
    JsonFields.onlyKnown(root, FIELDS, "");
    JsonNode array = JsonFields.array(root, "days", 7);
    var days = new ArrayList<ForecastDay>();
    LocalDate previous = null;
    for (int i = 0; i < array.size(); i++) {
      JsonNode d = array.get(i);
      String prefix = "days[" + i + "].";
      JsonFields.onlyKnown(d, DAY_FIELDS, prefix);
      LocalDate date;
      try {
        date = LocalDate.parse(JsonFields.text(d, "date", prefix));
      } catch (DateTimeParseException e) {
        throw new InvalidReading(
            MALFORMED,
            prefix + "date",
            prefix + "date must be an ISO-8601 date such as 2026-05-01");
      }
      if (previous != null && !date.isAfter(previous)) {
        throw new InvalidReading(
            MALFORMED, prefix + "date", "days must be in ascending date order, one entry per date");
      }
      previous = date;
      double tMin = JsonFields.number(d, "t_min", prefix, -60, 60, "°C", true);
      double tMax = JsonFields.number(d, "t_max", prefix, -60, 60, "°C", true);
      JsonFields.notAbove(tMin, prefix + "t_min", tMax, prefix + "t_max");
      days.add(
          new ForecastDay(
              date.toString(),
              tMin,
              tMax,
              JsonFields.number(d, "precipitation_mm", prefix, 0, 1000, "mm", true),
              JsonFields.number(d, "humidity", prefix, 0, 100, "percent", false),
              JsonFields.number(d, "wind_speed", prefix, 0, 100, "m/s", false),
              JsonFields.number(d, "et0_mm", prefix, 0, 30, "mm/day", false)));
    }
    return new ForecastUpdated(sensorUuid, source, days, receivedAt);
  }
}
