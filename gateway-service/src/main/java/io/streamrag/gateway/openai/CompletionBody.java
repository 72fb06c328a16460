package io.streamrag.gateway.openai;

import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.web.UnreadableJson;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of {@code POST /v1/chat/completions}, as far as this gateway uses it. Fields it does not
 * use ({@code temperature}, {@code user}, …) are accepted and ignored, once within OpenAI's bounds;
 * system and developer messages too: the pipeline's live instructions are the model's system prompt
 * (they keep the answer grounded and cited), and a client may not replace them.
 *
 * @param model the pipeline that answers
 * @param question the last user message (several in a row are joined)
 * @param turns the earlier exchanges, oldest first, at most {@value #MAX_TURNS} and {@value
 *     #MAX_TURN_CHARS} characters (the newest kept)
 * @param stream whether the answer streams as {@code chat.completion.chunk}s
 * @param includeUsage {@code stream_options.include_usage}: a last chunk with the usage
 * @param sensorUuid the extension field {@code sensor_uuid}; null: the key's only sensor
 */
record CompletionBody(
    String model,
    String question,
    List<Turn> turns,
    boolean stream,
    boolean includeUsage,
    String sensorUuid) {

  /** The most turns any pipeline's memory window may hold (memory_max_turns is at most 50). */
  static final int MAX_TURNS = 50;

  static final int MAX_TURN_CHARS = 100_000;

  /** One earlier exchange: what the user asked and what the assistant answered. */
  record Turn(String question, String answer) {}

  static CompletionBody parse(byte[] raw, JsonMapper json) {
    JsonNode root =
        UnreadableJson.read(json, raw, (field, message) -> invalid("invalid_json", message, field));
    if (root == null || !root.isObject()) {
      throw invalid("invalid_json", "the body must be a JSON object {model, messages}", null);
    }
    JsonNode model = root.get("model");
    if (model == null || !model.isString() || model.asString().isBlank()) {
      throw invalid(
          "missing_model", "you must provide a model (a pipeline: GET /v1/models)", "model");
    }
    if (root.has("n") && !root.get("n").isNull() && root.get("n").asInt(0) != 1) {
      throw invalid("unsupported_value", "n must be 1: one answer per question", "n");
    }
    ranges(root);
    for (String field : List.of("tools", "functions")) {
      if (root.path(field).isArray() && !root.path(field).isEmpty()) {
        throw invalid(
            "unsupported_parameter",
            field + " are not supported: the pipeline searches and cites by itself",
            field);
      }
    }
    var conversation = messages(root.get("messages"));
    return new CompletionBody(
        model.asString(),
        conversation.question(),
        conversation.turns(),
        flag(root, "stream"),
        root.path("stream_options").isObject() && flag(root.get("stream_options"), "include_usage"),
        sensor(root.get("sensor_uuid")));
  }

  /** The question and the turns before it. */
  private record Conversation(String question, List<Turn> turns) {}

  private static Conversation messages(JsonNode messages) {
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      throw invalid("missing_messages", "messages must be a non-empty array", "messages");
    }
    // an exchange's answer may come as several consecutive assistant messages: its parts are
    // collected and joined once, so a long run of them costs linear time, not quadratic
    var turns = new ArrayList<Exchange>();
    var asked = new ArrayList<String>();
    for (int i = 0; i < messages.size(); i++) {
      JsonNode message = messages.get(i);
      String role = message.path("role").asString("");
      switch (role) {
        case "system", "developer" -> {} // the pipeline's instructions stand
        case "user" -> asked.add(text(message, i));
        case "assistant" -> {
          String answer = text(message, i);
          if (!asked.isEmpty() || turns.isEmpty()) {
            turns.add(new Exchange(String.join("\n", asked), new ArrayList<>()));
            asked.clear();
          }
          turns.get(turns.size() - 1).answers().add(answer);
        }
        default ->
            throw invalid(
                "unsupported_value",
                "messages["
                    + i
                    + "].role must be system, developer, user or assistant (tool messages are not"
                    + " supported)",
                "messages[" + i + "].role");
      }
    }
    if (asked.isEmpty()) {
      throw invalid("invalid_value", "the last message must be the user's question", "messages");
    }
    return new Conversation(
        String.join("\n", asked),
        newest(
            turns.stream()
                .map(t -> new Turn(t.question(), String.join("\n", t.answers())))
                .toList()));
  }

  /** An exchange while it is read: its question, and its answer's parts. */
  private record Exchange(String question, List<String> answers) {}

  /** The newest turns within the limits, oldest first. */
  private static List<Turn> newest(List<Turn> turns) {
    var kept = new ArrayList<Turn>();
    int chars = 0;
    for (int i = turns.size() - 1; i >= 0 && kept.size() < MAX_TURNS; i--) {
      var turn = turns.get(i);
      chars += turn.question().length() + turn.answer().length();
      if (chars > MAX_TURN_CHARS) {
        break;
      }
      kept.add(0, turn);
    }
    return kept;
  }

  /** A message's text: a string, or its text parts joined. */
  private static String text(JsonNode message, int i) {
    JsonNode content = message.get("content");
    if (content != null && content.isString()) {
      return content.asString();
    }
    if (content != null && content.isArray()) {
      var text = new StringBuilder();
      for (JsonNode part : content) {
        if (!"text".equals(part.path("type").asString("")) || !part.path("text").isString()) {
          throw invalid(
              "unsupported_value",
              "messages[" + i + "].content may hold only text parts",
              "messages[" + i + "].content");
        }
        text.append(part.get("text").asString());
      }
      return text.toString();
    }
    throw invalid(
        "invalid_type",
        "messages[" + i + "].content must be a string or an array of text parts",
        "messages[" + i + "].content");
  }

  /**
   * OpenAI's sampling fields within OpenAI's own bounds: unused here, but a value OpenAI would
   * refuse is refused, so a client's mistake shows on this API as it would on OpenAI's.
   */
  private static void ranges(JsonNode root) {
    range(root, "temperature", 0, 2, false);
    range(root, "top_p", 0, 1, false);
    range(root, "presence_penalty", -2, 2, false);
    range(root, "frequency_penalty", -2, 2, false);
    range(root, "max_tokens", 1, Integer.MAX_VALUE, true);
    range(root, "max_completion_tokens", 1, Integer.MAX_VALUE, true);
  }

  private static void range(JsonNode root, String field, double min, double max, boolean whole) {
    JsonNode value = root.get(field);
    if (value == null || value.isNull()) {
      return;
    }
    if (!value.isNumber() || (whole && !value.canConvertToExactIntegral())) {
      throw invalid(
          "invalid_type", field + " must be " + (whole ? "an integer" : "a number"), field);
    }
    double v = value.asDouble();
    if (v < min || v > max) {
      throw invalid(
          "invalid_value",
          field
              + " is "
              + value
              + "; it must be "
              + (max == Integer.MAX_VALUE
                  ? "at least " + (long) min
                  : "between " + fmt(min) + " and " + fmt(max)),
          field);
    }
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }

  private static boolean flag(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return false;
    }
    if (!value.isBoolean()) {
      throw invalid("invalid_type", field + " must be true or false", field);
    }
    return value.asBoolean();
  }

  private static String sensor(JsonNode sensor) {
    if (sensor == null || sensor.isNull()) {
      return null;
    }
    String s = sensor.isString() ? sensor.asString() : "";
    try {
      if (UUID.fromString(s).toString().equalsIgnoreCase(s)) {
        return s.toLowerCase();
      }
    } catch (IllegalArgumentException e) {
      // refused below
    }
    throw invalid(
        "invalid_value", "sensor_uuid must be the UUID of one of your sensors", "sensor_uuid");
  }

  private static Refused invalid(String code, String message, String param) {
    return new Refused(400, code, message, param);
  }
}
