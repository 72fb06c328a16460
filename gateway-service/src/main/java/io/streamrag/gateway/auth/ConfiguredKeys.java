package io.streamrag.gateway.auth;

import io.streamrag.gateway.GatewayProperties;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The keys of configuration, by hash: {@code gateway.api-keys} (user keys, such as the demo
 * profile's and those with a webhook) and the bootstrap admin key {@code gateway.admin-key-sha256}.
 * They change only with the configuration; the admin API neither lists nor changes them.
 */
final class ConfiguredKeys {

  /** The key id of the bootstrap admin key. */
  static final String BOOTSTRAP_ADMIN = "bootstrap-admin";

  private final Map<String, Caller> byHash = new HashMap<>();

  /**
   * @throws IllegalStateException when two entries have the same hash
   */
  ConfiguredKeys(List<GatewayProperties.ApiKey> keys, String adminKeySha256, String pipeline) {
    for (var key : keys) {
      var pipelines =
          key.pipelines() == null || key.pipelines().isEmpty()
              ? List.of(pipeline)
              : List.copyOf(key.pipelines());
      add(key.keySha256(), new Caller(key.user(), Set.copyOf(key.sensors()), pipelines));
    }
    if (!adminKeySha256.isEmpty()) {
      add(
          adminKeySha256,
          new Caller(
              BOOTSTRAP_ADMIN, "admin", "operators", Set.of(), List.of(pipeline), Role.ADMIN));
    }
  }

  /** The pipelines the keys of configuration may use. */
  Set<String> pipelines() {
    var pipelines = new HashSet<String>();
    byHash.values().forEach(caller -> pipelines.addAll(caller.pipelines()));
    return pipelines;
  }

  Optional<Caller> find(String sha256) {
    return Optional.ofNullable(byHash.get(sha256));
  }

  private void add(String sha256, Caller caller) {
    var other = byHash.putIfAbsent(sha256, caller);
    if (other != null) {
      throw new IllegalStateException(
          "gateway.api-keys / gateway.admin-key-sha256: "
              + caller.user()
              + " and "
              + other.user()
              + " have the same key-sha256");
    }
  }
}
