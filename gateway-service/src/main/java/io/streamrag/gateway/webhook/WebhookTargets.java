package io.streamrag.gateway.webhook;

import io.streamrag.gateway.GatewayProperties;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The API keys that have a webhook, and the sensors each owns. */
final class WebhookTargets {

  /** Where one key's alerts go, and the secret that signs them. */
  record Target(String user, URI url, byte[] secret, List<String> sensors) {}

  private final List<Target> targets;

  WebhookTargets(List<GatewayProperties.ApiKey> keys) {
    this.targets =
        keys.stream()
            .filter(key -> key.webhook() != null)
            .map(
                key ->
                    new Target(
                        key.user(),
                        URI.create(key.webhook().url()),
                        key.webhook().secret().getBytes(StandardCharsets.UTF_8),
                        List.copyOf(key.sensors())))
            .toList();
  }

  /** The webhooks of the keys that own the sensor, in configuration order. */
  List<Target> of(String sensorUuid) {
    return targets.stream().filter(t -> t.sensors().contains(sensorUuid)).toList();
  }

  /** Every webhook. */
  List<Target> all() {
    return targets;
  }

  boolean isEmpty() {
    return targets.isEmpty();
  }
}
