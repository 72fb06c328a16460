package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;

import io.streamrag.bridge.BridgeProperties;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a reading payload ({@code {ts, soil_moisture, temperature, ph, ec, nitrogen, phosphorus,
 * potassium}}) and checks its shape, units, ranges and time. Every refusal names the field.
 */
@Component
public class ReadingParser {

  private static final String TS = "ts";
  private static final List<String> MEASUREMENTS =
      Arrays.stream(Measurement.values()).map(Measurement::field).toList();
  private static final Set<String> FIELDS = new LinkedHashSet<>();

  static {
    FIELDS.add(TS);
    FIELDS.addAll(MEASUREMENTS);
  }

  private final JsonMapper json;
  private final BridgeProperties properties;

  public ReadingParser(JsonMapper json, BridgeProperties properties) {
    this.json = json;
    this.properties = properties;
  }

  /** The reading, or an {@link InvalidReading} saying what is wrong with it. */
  public ParsedReading parse(String sensorUuid, byte[] raw, Instant receivedAt) {
    JsonNode root = JsonFields.object(json, raw, properties.maxPayloadBytes());
    JsonFields.onlyKnown(root, FIELDS, "");
    Instant measuredAt = Times.instant(root.get(TS), TS, receivedAt, properties);
    var values = new EnumMap<Measurement, Double>(Measurement.class);
    for (Measurement m : Measurement.values()) {
      Double v = JsonFields.number(root, m.field, "", m.min, m.max, m.unit, false);
      if (v != null) {
        values.put(m, v);
      }
    }
    if (values.isEmpty()) {
      throw new InvalidReading(
          MALFORMED, null, "the reading has no measurement; expected any of " + MEASUREMENTS);
    }
    return new ParsedReading(sensorUuid, measuredAt, values);
  }
}
