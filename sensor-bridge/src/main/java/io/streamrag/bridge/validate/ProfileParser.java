package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;

import io.streamrag.bridge.BridgeProperties;
import io.streamrag.schemas.sensor.DepthReading;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a sensor profile (S1.3): {@code {lat, lon, soil_texture, depths: [{depth_cm,
 * soil_moisture?, temperature?, ec?}], crop?, irrigation_method?, growth_stage?, station_id?}} with
 * up to three depths.
 */
public class ProfileParser {

  /** The twelve USDA soil texture classes. */
  public static final List<String> TEXTURES =
      List.of(
          "sand",
          "loamy sand",
          "sandy loam",
          "loam",
          "silt loam",
          "silt",
          "sandy clay loam",
          "clay loam",
          "silty clay loam",
          "sandy clay",
          "silty clay",
          "clay");

  private static final Set<String> FIELDS =
      Set.of(
          "lat",
          "lon",
          "soil_texture",
          "depths",
          "crop",
          "irrigation_method",
          "growth_stage",
          "station_id");

  /** A crop, method or stage name: words in any script, as the agronomy tables name them. */
  private static final java.util.regex.Pattern NAME =
      java.util.regex.Pattern.compile("[\\p{L}\\p{M}\\u200c][\\p{L}\\p{M}\\p{N}\\u200c ()-]{0,59}");

  private static final Set<String> DEPTH_FIELDS =
      Set.of("depth_cm", "soil_moisture", "temperature", "ec");

  private final JsonMapper json;
  private final BridgeProperties properties;
  private final Predicate<String> stationExists;

  /**
   * @param stationExists whether a station id is registered: a profile naming an unknown station is
   *     a typo to report, not a link to nowhere
   */
  public ProfileParser(
      JsonMapper json, BridgeProperties properties, Predicate<String> stationExists) {
    this.json = json;
    this.properties = properties;
    this.stationExists = stationExists;
  }

  public SensorProfileUpdated parse(String sensorUuid, byte[] raw, Instant receivedAt) {
    JsonNode root = JsonFields.object(json, raw, properties.maxPayloadBytes());
    JsonFields.onlyKnown(root, FIELDS, "");
    double lat = JsonFields.number(root, "lat", "", -90, 90, "degrees", true);
    double lon = JsonFields.number(root, "lon", "", -180, 180, "degrees", true);
    String texture = JsonFields.text(root, "soil_texture", "").strip().toLowerCase();
    if (!TEXTURES.contains(texture)) {
      throw new InvalidReading(
          MALFORMED, "soil_texture", "soil_texture '" + texture + "' is not one of " + TEXTURES);
    }
    var depths = new ArrayList<DepthReading>();
    var seen = new HashSet<Integer>();
    if (root.has("depths")) {
      JsonNode array = JsonFields.array(root, "depths", 3);
      for (int i = 0; i < array.size(); i++) {
        JsonNode d = array.get(i);
        String prefix = "depths[" + i + "].";
        JsonFields.onlyKnown(d, DEPTH_FIELDS, prefix);
        int cm = JsonFields.number(d, "depth_cm", prefix, 1, 300, "cm", true).intValue();
        if (!seen.add(cm)) {
          throw new InvalidReading(
              MALFORMED, prefix + "depth_cm", "depth " + cm + " cm appears twice");
        }
        depths.add(
            new DepthReading(
                cm,
                JsonFields.number(d, "soil_moisture", prefix, 0, 100, "percent", false),
                JsonFields.number(d, "temperature", prefix, -40, 70, "°C", false),
                JsonFields.number(d, "ec", prefix, 0, 100, "dS/m", false)));
      }
      depths.sort((a, b) -> Integer.compare(a.getDepthCm(), b.getDepthCm()));
    }
    return new SensorProfileUpdated(
        sensorUuid,
        lat,
        lon,
        texture,
        depths,
        name(root, "crop"),
        name(root, "irrigation_method"),
        name(root, "growth_stage"),
        receivedAt,
        station(root));
  }

  private String station(JsonNode root) {
    if (!root.has("station_id") || root.get("station_id").isNull()) {
      return null;
    }
    String id = JsonFields.text(root, "station_id", "");
    if (!stationExists.test(id)) {
      throw new InvalidReading(
          MALFORMED,
          "station_id",
          "station_id '" + id + "' is not a registered station (PUT /api/stations/{id} first)");
    }
    return id;
  }

  /**
   * An optional name; whether the agronomy tables know it is for the recommendation to say (a table
   * is data, edited without a build), not for the bridge.
   */
  private static String name(JsonNode root, String field) {
    if (!root.has(field) || root.get(field).isNull()) {
      return null;
    }
    String value = JsonFields.text(root, field, "").strip().toLowerCase(java.util.Locale.ROOT);
    if (!NAME.matcher(value).matches()) {
      throw new InvalidReading(
          MALFORMED, field, field + " must be a name of at most 60 letters, e.g. maize or drip");
    }
    return value;
  }
}
