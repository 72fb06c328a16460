package io.streamrag.gateway.admin;

import io.streamrag.gateway.auth.Role;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of {@code POST /admin/keys}: {@code {user, tenant?, sensors, pipelines?, role?}}. A
 * malformed one, or one with a field of another name, is refused with 400 naming the field.
 *
 * @param tenant the user when absent
 * @param sensors lowercase UUIDs; at least one for a user key
 * @param pipelines empty: the gateway's default pipeline
 * @param role {@code user} when absent
 */
record NewKeyBody(
    String user, String tenant, List<String> sensors, List<String> pipelines, Role role) {

  private static final Set<String> FIELDS =
      Set.of("user", "tenant", "sensors", "pipelines", "role");
  private static final String NAME = "[\\p{L}\\p{N}._@-]{1,100}";

  static NewKeyBody parse(byte[] raw, JsonMapper json) {
    JsonNode root = JsonFields.object(raw, json, "{user, tenant?, sensors, pipelines?, role?}");
    JsonFields.onlyFields(root, FIELDS);
    String user =
        JsonFields.text(root, "user", NAME, "letters, digits, '.', '_', '@', '-', at most 100");
    if (user == null) {
      throw JsonFields.invalid("user is required", "user");
    }
    String tenant = JsonFields.text(root, "tenant", NAME, "letters, digits, '.', '_', '@', '-'");
    String role = JsonFields.text(root, "role", "user|admin", "user or admin");
    var sensors = JsonFields.texts(root, "sensors", "[0-9a-fA-F-]{36}", "sensor UUIDs");
    for (int i = 0; i < sensors.size(); i++) {
      sensors.set(i, uuid(sensors.get(i)));
    }
    var parsedRole = role == null ? Role.USER : Role.valueOf(role.toUpperCase());
    if (sensors.isEmpty() && parsedRole == Role.USER) {
      throw JsonFields.invalid("a user key needs at least one sensor", "sensors");
    }
    var pipelines = JsonFields.texts(root, "pipelines", "[a-z0-9_-]{1,64}", "pipeline names");
    return new NewKeyBody(
        user,
        tenant == null ? user : tenant,
        sensors.stream().distinct().toList(),
        pipelines.stream().distinct().toList(),
        parsedRole);
  }

  private static String uuid(String s) {
    try {
      var parsed = UUID.fromString(s).toString();
      if (parsed.equalsIgnoreCase(s)) {
        return parsed;
      }
    } catch (IllegalArgumentException e) {
      // refused below
    }
    throw JsonFields.invalid("sensors must be sensor UUIDs: " + s, "sensors");
  }
}
