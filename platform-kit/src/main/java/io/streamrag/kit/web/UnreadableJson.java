package io.streamrag.kit.web;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;

/**
 * Why a JSON body could not be read, in the words the services answer with.
 *
 * @param field the key given twice, or {@code null} when the body is unreadable for another reason
 * @param message {@code duplicate field '<key>'}, or {@code body is not valid JSON: <reason>}
 */
public record UnreadableJson(String field, String message) {

  /** Jackson's wording when {@code STRICT_DUPLICATE_DETECTION} meets a key twice. */
  private static final Pattern DUPLICATE = Pattern.compile("Duplicate Object property \"(.*)\"");

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
