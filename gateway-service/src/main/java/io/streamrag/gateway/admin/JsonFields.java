package io.streamrag.gateway.admin;

import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.web.UnreadableJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reading a JSON body's fields, each refused with 400 naming it when malformed. */
final class JsonFields {

  private JsonFields() {}

  static JsonNode object(byte[] raw, JsonMapper json, String shape) {
    JsonNode root =
        UnreadableJson.read(
            json, raw, (field, message) -> new Refused(400, "invalid_json", message, field));
    if (root == null || !root.isObject()) {
      throw new Refused(400, "invalid_json", "body must be a JSON object " + shape, null);
    }
    return root;
  }

  static void onlyFields(JsonNode root, Set<String> allowed) {
    for (String name : root.propertyNames()) {
      if (!allowed.contains(name)) {
        throw invalid("unknown field " + name + "; expected " + allowed, name);
      }
    }
  }

  /** The string field, or {@code null} when absent or null. */
  static String text(JsonNode root, String field, String pattern, String what) {
    JsonNode node = root.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isString() || !node.asString().matches(pattern)) {
      throw invalid(field + " must be " + what, field);
    }
    return node.asString();
  }

  /** The array of strings, empty when absent or null. */
  static List<String> texts(JsonNode root, String field, String pattern, String what) {
    JsonNode node = root.get(field);
    var values = new ArrayList<String>();
    if (node == null || node.isNull()) {
      return values;
    }
    if (!node.isArray() || node.size() > 1000) {
      throw invalid(field + " must be an array of at most 1000 " + what, field);
    }
    for (JsonNode item : node) {
      if (!item.isString() || !item.asString().matches(pattern)) {
        throw invalid(field + " must be an array of " + what, field);
      }
      values.add(item.asString());
    }
    return values;
  }

  /** The 400 of a field at fault. */
  static Refused invalid(String message, String field) {
    return new Refused(400, "invalid_field", message, field);
  }
}
