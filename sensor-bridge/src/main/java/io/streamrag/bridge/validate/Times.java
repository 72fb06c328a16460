package io.streamrag.bridge.validate;

import static io.streamrag.bridge.validate.InvalidReading.Reason.FUTURE;
import static io.streamrag.bridge.validate.InvalidReading.Reason.MALFORMED;
import static io.streamrag.bridge.validate.InvalidReading.Reason.STALE;

import io.streamrag.bridge.BridgeProperties;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import tools.jackson.databind.JsonNode;

/** When a payload says it was measured, checked against when it arrived. */
final class Times {

  private Times() {}

  /**
   * A measurement time: an ISO-8601 instant or epoch milliseconds, no further in the future than
   * {@code bridge.max-future-skew} and no older than {@code bridge.max-age}.
   */
  static Instant instant(
      JsonNode node, String field, Instant receivedAt, BridgeProperties properties) {
    if (node == null || node.isNull()) {
      throw new InvalidReading(
          MALFORMED, field, field + " is required (ISO-8601 instant or epoch milliseconds)");
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
            field,
            field
                + " '"
                + node.asString()
                + "' is not an ISO-8601 instant such as 2026-05-01T06:30:00Z");
      }
    } else {
      throw new InvalidReading(
          MALFORMED, field, field + " must be an ISO-8601 string or epoch milliseconds");
    }
    if (ts.isAfter(receivedAt.plus(properties.maxFutureSkew()))) {
      throw new InvalidReading(
          FUTURE,
          field,
          field
              + " "
              + ts
              + " is more than "
              + properties.maxFutureSkew().toMinutes()
              + " minutes in the future");
    }
    if (ts.isBefore(receivedAt.minus(properties.maxAge()))) {
      throw new InvalidReading(
          STALE,
          field,
          field + " " + ts + " is older than " + properties.maxAge().toHours() + " hours");
    }
    return ts.truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * A local date in {@code zone}: not after the zone's today, and not a day that ended longer than
   * {@code bridge.max-age} ago.
   */
  static LocalDate date(
      JsonNode parent, String field, ZoneId zone, Instant receivedAt, BridgeProperties properties) {
    LocalDate date;
    try {
      date = LocalDate.parse(JsonFields.text(parent, field, ""));
    } catch (DateTimeParseException e) {
      throw new InvalidReading(
          MALFORMED, field, field + " must be an ISO-8601 date such as 2026-05-01");
    }
    LocalDate today = LocalDate.ofInstant(receivedAt, zone);
    if (date.isAfter(today)) {
      throw new InvalidReading(
          FUTURE, field, field + " " + date + " is after the station's today, " + today);
    }
    Instant ended = date.plusDays(1).atStartOfDay(zone).toInstant();
    if (ended.isBefore(receivedAt.minus(properties.maxAge()))) {
      throw new InvalidReading(
          STALE,
          field,
          field + " " + date + " ended more than " + properties.maxAge().toHours() + " hours ago");
    }
    return date;
  }
}
