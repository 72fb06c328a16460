package io.streamrag.kit.web;

import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Why a JSON body could not be read, in the words the services answer with.
 *
 * @param field the key given twice, or {@code null} when the body is unreadable for another reason
 * @param message {@code duplicate field '<key>'}, or {@code body is not valid JSON: <reason>}
 */
public record UnreadableJson(String field, String message) {

  /** Jackson's wording when {@code STRICT_DUPLICATE_DETECTION} meets a key twice. */
  private static final Pattern DUPLICATE = Pattern.compile("Duplicate Object property \"(.*)\"");

  /**
   * Reads {@code body} as JSON, an absent body as {@code null}; a body that cannot be read is
   * refused with what {@code refuse} makes of the key at fault (or {@code null}) and the message.
   */
  public static JsonNode read(
      JsonMapper json, byte[] body, BiFunction<String, String, ? extends RuntimeException> refuse) {
    try {
      return body == null ? null : json.readTree(body);
    } catch (JacksonException e) {
      var why = of(e);
      throw refuse.apply(why.field(), why.message());
    }
  }

  /** What went wrong in {@code e}, naming the key when it was given twice. */
  public static UnreadableJson of(JacksonException e) {
    String reason = e.getOriginalMessage();
    Matcher duplicate = DUPLICATE.matcher(reason == null ? "" : reason);
    if (duplicate.matches()) {
      String key = duplicate.group(1);
      return new UnreadableJson(key, "duplicate field '" + key + "'");
    }
    return new UnreadableJson(null, "body is not valid JSON: " + reason);
  }
}
