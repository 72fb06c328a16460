package io.streamrag.gateway.admin;

import java.time.Duration;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of {@code POST /admin/keys/{id}/rotate}: {@code {grace_seconds?}}, or none.
 *
 * @param grace how long the key being replaced stays valid beside the new one; zero (the default):
 *     it is refused at once
 */
record RotateBody(Duration grace) {

  /** A week: a key both old and new for longer would defeat the rotation. */
  static final long MAX_GRACE_SECONDS = 7 * 24 * 3600;

  static RotateBody parse(byte[] raw, JsonMapper json) {
    if (raw.length == 0) {
      return new RotateBody(Duration.ZERO);
    }
    JsonNode root = JsonFields.object(raw, json, "{grace_seconds?}");
    JsonFields.onlyFields(root, Set.of("grace_seconds"));
    JsonNode grace = root.get("grace_seconds");
    if (grace == null || grace.isNull()) {
      return new RotateBody(Duration.ZERO);
    }
    if (!grace.isIntegralNumber() || grace.asLong() < 0 || grace.asLong() > MAX_GRACE_SECONDS) {
      throw JsonFields.invalid(
          "grace_seconds must be a whole number from 0 to " + MAX_GRACE_SECONDS, "grace_seconds");
    }
    return new RotateBody(Duration.ofSeconds(grace.asLong()));
  }
}
