package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.FUTURE;
import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;
import static io.streamrag.bridge.validate.InvalidReading.Reason.OUT_OF_RANGE;
import static io.streamrag.bridge.validate.InvalidReading.Reason.STALE;
import static io.streamrag.bridge.validate.InvalidReading.Reason.TOO_LARGE;

import io.streamrag.bridge.BridgeProperties;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a reading payload ({@code {ts, soil_moisture, temperature, ph, ec, nitrogen, phosphorus,
 * potassium}}) and checks its shape, units, ranges and time. Every refusal names the field.
 */
@Component
public class ReadingParser {

  private static final String TS = "ts";
  private static final Map<String, Measurement> BY_FIELD =
      Arrays.stream(Measurement.values()).collect(Collectors.toMap(Measurement::field, m -> m));
  private static final Set<String> FIELDS =
      Arrays.stream(Measurement.values()).map(Measurement::field).collect(Collectors.toSet());

  private final JsonMapper json;
  private final BridgeProperties properties;

  ReadingParser(JsonMapper json, BridgeProperties properties) {
    this.json = json;
    this.properties = properties;
  }

  /** The reading, or an {@link InvalidReading} saying what is wrong with it. */
  public ParsedReading parse(String sensorUuid, byte[] raw, Instant receivedAt) {
    if (raw.length > properties.maxPayloadBytes()) {
      throw new InvalidReading(
          TOO_LARGE,
          null,
          "payload is " + raw.length + " bytes; the limit is " + properties.maxPayloadBytes());
    }
    JsonNode root = readObject(raw);
    for (String name : root.propertyNames()) {
      if (!name.equals(TS) && !FIELDS.contains(name)) {
        throw new InvalidReading(
            MALFORMED, name, "unknown field '" + name + "'; expected ts and any of " + FIELDS);
      }
    }
    Instant measuredAt = timestamp(root.get(TS), receivedAt);
    var values = new EnumMap<Measurement, Double>(Measurement.class);
    for (String name : root.propertyNames()) {
      Measurement m = BY_FIELD.get(name);
      if (m != null) {
        values.put(m, value(m, root.get(name)));
      }
    }
    if (values.isEmpty()) {
      throw new InvalidReading(
          MALFORMED, null, "the reading has no measurement; expected any of " + FIELDS);
    }
    return new ParsedReading(sensorUuid, measuredAt, values);
  }

  private JsonNode readObject(byte[] raw) {
    JsonNode root;
    try {
      root = json.readTree(raw);
    } catch (JacksonException e) {
      throw new InvalidReading(
          MALFORMED, null, "body is not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new InvalidReading(MALFORMED, null, "body must be a JSON object");
    }
    return root;
  }

  private Instant timestamp(JsonNode node, Instant receivedAt) {
    if (node == null || node.isNull()) {
      throw new InvalidReading(
          MALFORMED, TS, "ts is required (ISO-8601 instant or epoch milliseconds)");
    }
    Instant ts;
    if (node.isIntegralNumber()) {
      ts = Instant.ofEpochMilli(node.longValue());
    } else if (node.isString()) {
      try {
        ts = OffsetDateTime.parse(node.asString()).toInstant();
      } catch (DateTimeParseException e) {
        throw new InvalidReading(
            MALFORMED,
            TS,
            "ts '" + node.asString() + "' is not an ISO-8601 instant such as 2026-05-01T06:30:00Z");
      }
    } else {
      throw new InvalidReading(
          MALFORMED, TS, "ts must be an ISO-8601 string or epoch milliseconds");
    }
    if (ts.isAfter(receivedAt.plus(properties.maxFutureSkew()))) {
      throw new InvalidReading(
          FUTURE,
          TS,
          "ts "
              + ts
              + " is more than "
              + properties.maxFutureSkew().toMinutes()
              + " minutes in the future");
    }
    if (ts.isBefore(receivedAt.minus(properties.maxAge()))) {
      throw new InvalidReading(
          STALE, TS, "ts " + ts + " is older than " + properties.maxAge().toHours() + " hours");
    }
    return ts.truncatedTo(ChronoUnit.MILLIS);
  }

  private static double value(Measurement m, JsonNode node) {
    if (!node.isNumber()) {
      throw new InvalidReading(MALFORMED, m.field(), m.field() + " must be a number, got " + node);
    }
    double v = node.doubleValue();
    if (!m.inRange(v)) {
      throw new InvalidReading(
          OUT_OF_RANGE,
          m.field(),
          m.field() + " must be " + m.rangeText() + ", got " + Measurement.format(v));
    }
    return v;
  }
}
