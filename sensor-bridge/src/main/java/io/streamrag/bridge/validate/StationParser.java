package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;

import io.streamrag.bridge.station.Station;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a station's registration: {@code {lat, lon, elevation_m, name?, time_zone?, token?}}. A
 * station without a zone gets the offset of its longitude's mean solar time (15° an hour), so its
 * days still end near local midnight; a farmer's own zone is better, and is taken when given.
 */
public final class StationParser {

  /** Ids are MQTT usernames and URL segments: the device ids' alphabet. */
  public static final java.util.regex.Pattern ID =
      java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private static final Set<String> FIELDS =
      Set.of("lat", "lon", "elevation_m", "name", "time_zone", "token");
  private static final int MIN_TOKEN_LENGTH = 24;

  /** A registration as given: the station, and the token if one was supplied. */
  public record Registration(Station station, String token) {}

  private final JsonMapper json;

  public StationParser(JsonMapper json) {
    this.json = json;
  }

  public Registration parse(String stationId, byte[] raw) {
    if (!ID.matcher(stationId).matches()) {
      throw new InvalidReading(
          MALFORMED, "station_id", "station id must be 1-64 letters, digits, '.', '_' or '-'");
    }
    JsonNode root = JsonFields.object(json, raw, 4096);
    JsonFields.onlyKnown(root, FIELDS, "");
    double lat = JsonFields.number(root, "lat", "", -90, 90, "degrees", true);
    double lon = JsonFields.number(root, "lon", "", -180, 180, "degrees", true);
    double elevation = JsonFields.number(root, "elevation_m", "", -500, 9000, "m", true);
    String name = root.has("name") ? JsonFields.text(root, "name", "").strip() : stationId;
    if (name.length() > 120) {
      throw new InvalidReading(MALFORMED, "name", "name must be at most 120 characters");
    }
    if (name.chars().anyMatch(Character::isISOControl)) {
      // a station's name is written into every linked field's snapshot text and chat answers
      throw new InvalidReading(
          MALFORMED, "name", "name must be plain text, without control characters");
    }
    String zone = root.has("time_zone") ? zone(JsonFields.text(root, "time_zone", "")) : null;
    if (zone == null) {
      zone = ZoneOffset.ofHours((int) Math.round(lon / 15)).getId();
    }
    String token = null;
    if (root.has("token")) {
      JsonNode given = root.get("token");
      if (!given.isString() || given.asString().length() < MIN_TOKEN_LENGTH) {
        throw new InvalidReading(
            MALFORMED,
            "token",
            "a supplied token must be a string of at least " + MIN_TOKEN_LENGTH + " characters");
      }
      token = given.asString();
    }
    return new Registration(new Station(stationId, name, lat, lon, elevation, zone), token);
  }

  private static String zone(String given) {
    try {
      return ZoneId.of(given.strip()).getId();
    } catch (DateTimeException e) {
      throw new InvalidReading(
          MALFORMED,
          "time_zone",
          "time_zone '"
              + given
              + "' is not a zone such as Asia/Tehran or an offset such as +03:30");
    }
  }
}
