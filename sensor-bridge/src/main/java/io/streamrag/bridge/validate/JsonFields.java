package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;
import static io.streamrag.bridge.validate.InvalidReading.Reason.OUT_OF_RANGE;
import static io.streamrag.bridge.validate.InvalidReading.Reason.TOO_LARGE;

import io.streamrag.kit.web.UnreadableJson;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Strict reading of firmware JSON: every refusal names the field, by its path. */
final class JsonFields {

  private JsonFields() {}

  /**
   * The payload as a JSON object, refusing oversize, invalid JSON (a key given twice among it,
   * named as the field) and non-objects.
   */
  static JsonNode object(JsonMapper json, byte[] raw, int maxBytes) {
    if (raw.length > maxBytes) {
      throw new InvalidReading(
          TOO_LARGE, null, "payload is " + raw.length + " bytes; the limit is " + maxBytes);
    }
    JsonNode root =
        UnreadableJson.read(
            json, raw, (field, message) -> new InvalidReading(MALFORMED, field, message));
    if (root == null || !root.isObject()) {
      throw new InvalidReading(MALFORMED, null, "body must be a JSON object");
    }
    return root;
  }

  /** Refuses any field not in {@code allowed}, so a typo is never silently lost. */
  static void onlyKnown(JsonNode node, Set<String> allowed, String prefix) {
    for (String name : node.propertyNames()) {
      if (!allowed.contains(name)) {
        throw new InvalidReading(
            MALFORMED, prefix + name, "unknown field '" + prefix + name + "'; expected " + allowed);
      }
    }
  }

  /**
   * A number within [min, max].
   *
   * @return the value, or {@code null} when absent and not required
   */
  static Double number(
      JsonNode parent,
      String name,
      String prefix,
      double min,
      double max,
      String unit,
      boolean required) {
    JsonNode node = parent.get(name);
    String field = prefix + name;
    if (node == null || node.isNull()) {
      if (required) {
        throw new InvalidReading(MALFORMED, field, field + " is required");
      }
      return null;
    }
    if (!node.isNumber()) {
      throw new InvalidReading(MALFORMED, field, field + " must be a number, got " + node);
    }
    double v = node.doubleValue();
    if (v < min || v > max) {
      throw new InvalidReading(
          OUT_OF_RANGE,
          field,
          field
              + " must be between "
              + format(min)
              + " and "
              + format(max)
              + (unit.isEmpty() ? "" : " (" + unit + ")")
              + ", got "
              + format(v));
    }
    return v;
  }

  /** A required string, or a refusal naming the field. */
  static String text(JsonNode parent, String name, String prefix) {
    JsonNode node = parent.get(name);
    if (node == null || !node.isString() || node.asString().isBlank()) {
      throw new InvalidReading(
          MALFORMED, prefix + name, prefix + name + " must be a non-empty string");
    }
    return node.asString();
  }

  /** A required JSON array of 1 to {@code max} elements. */
  static JsonNode array(JsonNode parent, String name, int max) {
    JsonNode node = parent.get(name);
    if (node == null || !node.isArray() || node.isEmpty()) {
      throw new InvalidReading(MALFORMED, name, name + " must be a non-empty array");
    }
    if (node.size() > max) {
      throw new InvalidReading(
          OUT_OF_RANGE,
          name,
          name + " has " + node.size() + " entries; at most " + max + " are allowed");
    }
    for (int i = 0; i < node.size(); i++) {
      if (!node.get(i).isObject()) {
        throw new InvalidReading(
            MALFORMED, name + "[" + i + "]", name + "[" + i + "] must be an object");
      }
    }
    return node;
  }

  /** Refuses a lower bound above its upper one (t_min above t_max), naming the lower. */
  static void notAbove(double low, String lowField, double high, String highField) {
    if (low > high) {
      throw new InvalidReading(
          OUT_OF_RANGE,
          lowField,
          lowField + " " + format(low) + " is above " + highField + " " + format(high));
    }
  }

  static String format(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
