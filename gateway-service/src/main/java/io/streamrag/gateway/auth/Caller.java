package io.streamrag.gateway.auth;

import java.util.List;
import java.util.Set;

/**
 * An authenticated caller, the sensors it may ask about and the pipelines it may use (the first is
 * its default).
 *
 * @param keyId the key's id: on {@code gateway.keys} for an issued key, {@code configured:<user>}
 *     for one of {@code gateway.api-keys}, {@code bootstrap-admin} for {@code
 *     gateway.admin-key-sha256}; its rate limit is counted under it
 * @param user the name the key was issued for: free text, shown to its holder, never an owner (two
 *     tenants may each have a user of that name)
 * @param tenant the organisation the key belongs to
 * @param role {@link Role#ADMIN} may also call the key admin API
 */
public record Caller(
    String keyId,
    String user,
    String tenant,
    Set<String> sensors,
    List<String> pipelines,
    Role role) {

  /** A user key of {@code gateway.api-keys}: its user is its tenant. */
  public Caller(String user, Set<String> sensors, List<String> pipelines) {
    this("configured:" + user, user, user, sensors, pipelines, Role.USER);
  }

  /**
   * Who owns what this key starts: its conversations, answer streams, traces and recommendations.
   * The key's id within its tenant: a rotated key keeps it, another key (of the same user name, in
   * this tenant or another) does not. Carried as the {@code user_id} of the chat contracts.
   */
  public String owner() {
    return tenant + "/" + keyId;
  }

  public boolean mayUse(String pipeline) {
    return pipelines.contains(pipeline);
  }

  public boolean owns(String sensorUuid) {
    return sensors.contains(sensorUuid);
  }

  public boolean isAdmin() {
    return role == Role.ADMIN;
  }
}
