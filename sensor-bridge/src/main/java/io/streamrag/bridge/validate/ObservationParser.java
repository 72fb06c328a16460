package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.weather.DailyObservation;
import io.streamrag.schemas.weather.IntervalObservation;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a weather station's observation, either record, and checks shape, units, physical ranges
 * and time; every refusal names the field.
 *
 * <ul>
 *   <li>interval: {@code {ts, air_temperature, relative_humidity, wind_speed, wind_height_m?,
 *       solar_radiation? (W/m², mean over the interval), rain_mm (since the previous record),
 *       interval_s?}}; without {@code interval_s} the interval is the time since the station's
 *       previous record;
 *   <li>daily: {@code {date, t_max, t_min, rh_max, rh_min, wind_speed, wind_height_m?,
 *       solar_radiation_mj?, rain_mm}}, the date in the station's zone.
 * </ul>
 */
@Component
public class ObservationParser {

  private static final Set<String> INTERVAL =
      Set.of(
          "ts",
          "air_temperature",
          "relative_humidity",
          "wind_speed",
          "wind_height_m",
          "solar_radiation",
          "rain_mm",
          "interval_s");
  private static final Set<String> DAILY =
      Set.of(
          "date",
          "t_max",
          "t_min",
          "rh_max",
          "rh_min",
          "wind_speed",
          "wind_height_m",
          "solar_radiation_mj",
          "rain_mm");

  private final JsonMapper json;
  private final BridgeProperties properties;

  public ObservationParser(JsonMapper json, BridgeProperties properties) {
    this.json = json;
    this.properties = properties;
  }

  /**
   * The observation, or an {@link InvalidReading} saying what is wrong with it.
   *
   * @param zone the station's zone: a daily record's date is its local date
   */
  public WeatherObserved parse(
      String stationId, ZoneId zone, byte[] raw, Instant receivedAt, String transport) {
    JsonNode root = JsonFields.object(json, raw, properties.maxPayloadBytes());
    boolean interval = root.has("ts");
    boolean daily = root.has("date");
    if (interval == daily) {
      throw new InvalidReading(
          MALFORMED,
          interval ? "date" : "ts",
          interval
              ? "an observation is an interval record (ts) or a daily record (date), not both"
              : "an observation needs ts (an interval record) or date (a daily record)");
    }
    JsonFields.onlyKnown(root, interval ? INTERVAL : DAILY, "");
    var event = WeatherObserved.newBuilder().setStationId(stationId).setTransport(transport);
    if (interval) {
      var record = interval(root, receivedAt);
      event.setObservation(record).setEventId(Ids.of(stationId, "interval", ms(record.getTs())));
    } else {
      var record = daily(root, zone, receivedAt);
      // the values are in the id: the same day sent again is a repeat, a corrected one replaces it
      event.setObservation(record).setEventId(Ids.of(stationId, "daily", record.toString()));
    }
    return event.setReceivedAt(receivedAt).build();
  }

  private IntervalObservation interval(JsonNode root, Instant receivedAt) {
    Double seconds = JsonFields.number(root, "interval_s", "", 1, 86_400, "s", false);
    if (seconds != null && seconds != Math.rint(seconds)) {
      throw new InvalidReading(MALFORMED, "interval_s", "interval_s must be whole seconds");
    }
    return IntervalObservation.newBuilder()
        .setTs(Times.instant(root.get("ts"), "ts", receivedAt, properties))
        .setIntervalS(seconds == null ? null : seconds.intValue())
        .setAirTemperature(JsonFields.number(root, "air_temperature", "", -60, 60, "°C", true))
        .setRelativeHumidity(
            JsonFields.number(root, "relative_humidity", "", 0, 100, "percent", true))
        .setWindSpeed(windSpeed(root))
        .setWindHeightM(windHeight(root))
        .setSolarRadiation(JsonFields.number(root, "solar_radiation", "", 0, 1400, "W/m²", false))
        .setRainMm(JsonFields.number(root, "rain_mm", "", 0, 500, "mm", true))
        .build();
  }

  private DailyObservation daily(JsonNode root, ZoneId zone, Instant receivedAt) {
    LocalDate date = Times.date(root, "date", zone, receivedAt, properties);
    double tMax = JsonFields.number(root, "t_max", "", -60, 60, "°C", true);
    double tMin = JsonFields.number(root, "t_min", "", -60, 60, "°C", true);
    JsonFields.notAbove(tMin, "t_min", tMax, "t_max");
    double rhMax = JsonFields.number(root, "rh_max", "", 0, 100, "percent", true);
    double rhMin = JsonFields.number(root, "rh_min", "", 0, 100, "percent", true);
    JsonFields.notAbove(rhMin, "rh_min", rhMax, "rh_max");
    return DailyObservation.newBuilder()
        .setDate(date.toString())
        .setTMax(tMax)
        .setTMin(tMin)
        .setRhMax(rhMax)
        .setRhMin(rhMin)
        .setWindSpeed(windSpeed(root))
        .setWindHeightM(windHeight(root))
        // the sun gives no more than about 45 MJ m⁻² a day above the atmosphere (FAO-56 Table 2.6)
        .setSolarRadiationMj(
            JsonFields.number(root, "solar_radiation_mj", "", 0, 45, "MJ/m²/day", false))
        .setRainMm(JsonFields.number(root, "rain_mm", "", 0, 1000, "mm", true))
        .build();
  }

  private static double windSpeed(JsonNode root) {
    return JsonFields.number(root, "wind_speed", "", 0, 75, "m/s", true);
  }

  private static double windHeight(JsonNode root) {
    Double height = JsonFields.number(root, "wind_height_m", "", 0.5, 100, "m", false);
    return height == null ? 2 : height;
  }

  private static String ms(Instant at) {
    return String.valueOf(at.toEpochMilli());
  }
}
