package io.streamrag.ingest.admin;

import io.streamrag.kit.web.Problems;
import io.streamrag.kit.web.UnreadableJson;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the admin API reads an edit: a JSON object whose fields are checked one by one, the first bad
 * one refused with {@code 400} naming it ({@link Invalid}).
 */
final class Edits {

  static final int MAX_TEXT = 20_000;

  private Edits() {}

  /** The body as a JSON object. */
  static JsonNode object(JsonMapper json, byte[] body) {
    JsonNode root = UnreadableJson.read(json, body, Invalid::new);
    if (root == null || !root.isObject()) {
      throw new Invalid(null, "body must be a JSON object");
    }
    return root;
  }

  /** A string field, stripped, within {@link #MAX_TEXT}. */
  static String text(String key, JsonNode value, boolean mayBeEmpty) {
    if (!value.isString()) {
      throw new Invalid(key, key + " must be a string");
    }
    String text = value.asString().strip();
    if (!mayBeEmpty && text.isEmpty()) {
      throw new Invalid(key, key + " must not be empty");
    }
    if (text.length() > MAX_TEXT) {
      throw new Invalid(
          key, key + " is " + text.length() + " characters; the limit is " + MAX_TEXT);
    }
    return text;
  }

  /** A whole number from 0 to {@code max}. */
  static int number(String key, JsonNode value, int max) {
    if (!value.isIntegralNumber() || value.asInt() < 0 || value.asInt() > max) {
      throw new Invalid(key, key + " must be a whole number from 0 to " + max);
    }
    return value.asInt();
  }

  /**
   * An array of distinct non-empty strings, each matching {@code pattern} (described by {@code
   * what} in the message), in their order.
   */
  static List<String> strings(
      String key, JsonNode value, String pattern, String what, boolean mayBeEmpty) {
    if (!value.isArray()) {
      throw new Invalid(key, key + " must be an array of strings");
    }
    var items = new LinkedHashSet<String>();
    for (JsonNode item : value) {
      if (!item.isString() || !item.asString().strip().matches(pattern)) {
        throw new Invalid(key, key + " must hold " + what + "; not " + item);
      }
      items.add(item.asString().strip());
    }
    if (!mayBeEmpty && items.isEmpty()) {
      throw new Invalid(key, key + " must not be empty");
    }
    return new ArrayList<>(items);
  }

  /** A refused edit: 400 naming the field. */
  static final class Invalid extends RuntimeException {
    private final String field;

    Invalid(String field, String message) {
      super(message, null, false, false);
      this.field = field;
    }

    ResponseEntity<ProblemDetail> response() {
      return Problems.response(
          Problems.of(400, "invalid_field", getMessage(), Problems.field(field)));
    }
  }
}
