package io.streamrag.gateway.chat;

import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.web.UnreadableJson;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of {@code POST /api/rag/chat}: {@code {message, sensor_uuid, conversation_id?,
 * pipeline?, mode?}}.
 *
 * @param message the question (may be empty here; the guardrails refuse it)
 * @param conversationId the conversation to continue (from an earlier {@code meta}); {@code null}
 *     starts one
 */
public record ChatBody(
    String message, String sensorUuid, String conversationId, String pipeline, String mode) {

  /** A body without a retrieval mode: the pipeline's applies. */
  public ChatBody(String message, String sensorUuid, String conversationId, String pipeline) {
    this(message, sensorUuid, conversationId, pipeline, null);
  }

  /** Thrown with the refusal a malformed body gets. */
  public static final class Invalid extends RuntimeException {
    private final transient Refusal refusal;

    Invalid(Refusal refusal) {
      super(refusal.message(), null, false, false);
      this.refusal = refusal;
    }

    public Refusal refusal() {
      return refusal;
    }
  }

  /** Parses and checks the body's shape; the message's content is left to the guardrails. */
  public static ChatBody parse(byte[] raw, JsonMapper json) {
    JsonNode root =
        UnreadableJson.read(
            json,
            raw,
            (field, message) -> new Invalid(new Refusal(400, "invalid_json", message, field)));
    if (root == null || !root.isObject()) {
      throw new Invalid(
          new Refusal(400, "invalid_json", "body must be a JSON object {message, sensor_uuid}"));
    }
    JsonNode message = root.get("message");
    if (message != null && !message.isNull() && !message.isString()) {
      throw new Invalid(new Refusal(400, "invalid_field", "message must be a string", "message"));
    }
    JsonNode sensor = root.get("sensor_uuid");
    if (sensor == null || !sensor.isString() || !isUuid(sensor.asString())) {
      throw new Invalid(
          new Refusal(
              400,
              "invalid_field",
              "sensor_uuid must be the UUID of one of your sensors",
              "sensor_uuid"));
    }
    JsonNode conversation = root.get("conversation_id");
    if (conversation != null
        && !conversation.isNull()
        && (!conversation.isString() || conversation.asString().length() > 128)) {
      throw new Invalid(
          new Refusal(
              400,
              "invalid_field",
              "conversation_id must be a string of at most 128 characters",
              "conversation_id"));
    }
    JsonNode pipeline = root.get("pipeline");
    if (pipeline != null
        && !pipeline.isNull()
        && (!pipeline.isString() || !pipeline.asString().matches("[a-z0-9_-]{1,64}"))) {
      throw new Invalid(
          new Refusal(
              400,
              "invalid_field",
              "pipeline must be the name of a pipeline your key may use (a-z, 0-9, '-', '_')",
              "pipeline"));
    }
    JsonNode mode = root.get("mode");
    if (mode != null
        && !mode.isNull()
        && (!mode.isString() || !mode.asString().matches("classic|agentic|auto"))) {
      throw new Invalid(
          new Refusal(
              400,
              "invalid_field",
              "mode must be classic, agentic or auto (or left out for the pipeline's)",
              "mode"));
    }
    return new ChatBody(
        message == null || message.isNull() ? "" : message.asString(),
        sensor.asString().toLowerCase(),
        conversation == null || conversation.isNull() ? null : conversation.asString(),
        pipeline == null || pipeline.isNull() ? null : pipeline.asString(),
        mode == null || mode.isNull() ? null : mode.asString());
  }

  private static boolean isUuid(String s) {
    try {
      return UUID.fromString(s).toString().equalsIgnoreCase(s);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
