package io.streamrag.gateway.auth;

import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.auth.ApiKeyIssued;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Resolves an API key to its caller: first the keys of configuration ({@link ConfiguredKeys}), then
 * the issued keys of {@code gateway.keys} ({@link IssuedKeys}), current on every replica without a
 * restart. Keys are held only as SHA-256 hashes.
 */
public class ApiKeys {

  private final ConfiguredKeys configured;
  private final IssuedKeys issued;
  private final String defaultPipeline;
  private final Clock clock;

  ApiKeys(ConfiguredKeys configured, IssuedKeys issued, String defaultPipeline, Clock clock) {
    this.configured = configured;
    this.issued = issued;
    this.defaultPipeline = defaultPipeline;
    this.clock = clock;
  }

  /** The caller behind a bearer token, if the token is a known key that is not revoked. */
  public Optional<Caller> authenticate(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    String sha256 = Sha256.hex(token);
    return configured.find(sha256).or(() -> issued.find(sha256, clock.instant()).map(this::caller));
  }

  /**
   * The pipelines some key may use, and the default: the pipelines this gateway knows of. Issued
   * keys count as they stand now, revoked ones included (their pipelines still exist).
   */
  public Set<String> knownPipelines() {
    var known = new TreeSet<String>(configured.pipelines());
    known.add(defaultPipeline);
    issued.all().forEach(key -> known.addAll(key.getPipelines()));
    return known;
  }

  private Caller caller(ApiKeyIssued key) {
    return new Caller(
        key.getKeyId(),
        key.getUserId(),
        key.getTenant(),
        Set.copyOf(key.getSensors()),
        key.getPipelines().isEmpty() ? List.of(defaultPipeline) : List.copyOf(key.getPipelines()),
        Role.valueOf(key.getRole().name()));
  }
}
