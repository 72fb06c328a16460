package io.streamrag.gateway.advice;

import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.web.UnreadableJson;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of {@code POST /api/recommendations/{irrigation,fertilization}}: {@code {sensor_uuid,
 * query?, crop?, pipeline?}}. A malformed one is refused with 400 naming the field.
 *
 * @param query the farmer's own question, {@code null} when absent or blank
 * @param crop a crop name overriding the sensor profile's for this answer, or {@code null}
 * @param pipeline the pipeline to answer with, or {@code null} for the key's default
 */
record AdviceBody(String sensorUuid, String query, String crop, String pipeline) {

  /** A crop's name in any script: letters first, then letters, digits, spaces, '-', '_', ZWNJ. */
  private static final Pattern CROP =
      Pattern.compile("\\p{L}[\\p{L}\\p{M}\\p{Nd} _\\-\\u200C]{0,39}");

  private static final Pattern PIPELINE = Pattern.compile("[a-z0-9_-]{1,64}");

  static AdviceBody parse(byte[] raw, JsonMapper json, int maxQueryChars) {
    JsonNode root =
        UnreadableJson.read(json, raw, (field, message) -> invalid("invalid_json", message, field));
    if (root == null || !root.isObject()) {
      throw invalid(
          "invalid_json", "body must be a JSON object {sensor_uuid, query?, crop?}", null);
    }
    JsonNode sensor = root.get("sensor_uuid");
    if (sensor == null || !sensor.isString() || !isUuid(sensor.asString())) {
      throw invalid(
          "invalid_field", "sensor_uuid must be the UUID of one of your sensors", "sensor_uuid");
    }
    String query = optional(root, "query");
    if (query != null && query.length() > maxQueryChars) {
      throw invalid(
          "invalid_field", "query must be at most " + maxQueryChars + " characters", "query");
    }
    String crop = optional(root, "crop");
    if (crop != null && !CROP.matcher(crop).matches()) {
      throw invalid(
          "invalid_field",
          "crop must be a crop's name (letters, digits, spaces, '-', at most 40 characters)",
          "crop");
    }
    String pipeline = optional(root, "pipeline");
    if (pipeline != null && !PIPELINE.matcher(pipeline).matches()) {
      throw invalid(
          "invalid_field",
          "pipeline must be the name of a pipeline your key may use (a-z, 0-9, '-', '_')",
          "pipeline");
    }
    return new AdviceBody(sensor.asString().toLowerCase(), query, crop, pipeline);
  }

  /** A string field's stripped value; absent, null or blank is {@code null}. */
  private static String optional(JsonNode root, String field) {
    JsonNode node = root.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isString()) {
      throw invalid("invalid_field", field + " must be a string", field);
    }
    String value = node.asString().strip();
    return value.isEmpty() ? null : value;
  }

  private static Refused invalid(String code, String message, String field) {
    return new Refused(400, code, message, field);
  }

  private static boolean isUuid(String s) {
    try {
      return UUID.fromString(s).toString().equalsIgnoreCase(s);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
