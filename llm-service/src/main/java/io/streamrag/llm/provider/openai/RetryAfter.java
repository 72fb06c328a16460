package io.streamrag.llm.provider.openai;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** The {@code Retry-After} header of a 429: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
final class RetryAfter {

  private RetryAfter() {}

  /** When the endpoint may be called again, or empty when the header is absent or unreadable. */
  static Optional<Instant> until(String header, Instant now) {
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    String value = header.strip();
    if (value.length() <= 9 && value.chars().allMatch(Character::isDigit)) {
      return Optional.of(now.plusSeconds(Long.parseLong(value)));
    }
    try {
      Instant date = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      return Optional.of(date.isBefore(now) ? now : date);
    } catch (DateTimeParseException unreadable) {
      return Optional.empty();
    }
  }
}
