package io.streamrag.gateway.admin;

import io.streamrag.schemas.auth.ApiKeyIssued;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** A key as the admin API shows it: who and what, never the key or its hash. */
final class KeyJson {

  private KeyJson() {}

  static Map<String, Object> of(ApiKeyIssued key) {
    var json = new LinkedHashMap<String, Object>();
    json.put("id", key.getKeyId());
    json.put("user", key.getUserId());
    json.put("tenant", key.getTenant());
    json.put("sensors", key.getSensors());
    json.put("pipelines", key.getPipelines());
    json.put("role", key.getRole().name().toLowerCase());
    json.put("created_at", text(key.getCreatedAt()));
    json.put("rotated_at", text(key.getRotatedAt()));
    json.put("previous_valid_until", text(key.getPreviousValidUntil()));
    json.put("revoked", key.getRevokedAt() != null);
    json.put("revoked_at", text(key.getRevokedAt()));
    return json;
  }

  /** The key, and once only the secret itself. */
  static Map<String, Object> withSecret(ApiKeyIssued key, String secret) {
    var json = new LinkedHashMap<String, Object>();
    json.put("key", secret);
    json.putAll(of(key));
    return json;
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
