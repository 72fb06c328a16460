package io.streamrag.gateway.admin;

import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.auth.IssuedKeys;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.auth.ApiKeyIssued;
import io.streamrag.schemas.auth.KeyRole;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key admin API, step by step. Each change writes the key's whole state to {@code gateway.keys}
 * and waits until this replica has read it back, so it holds here when the call returns; every
 * other replica applies it as soon as it reads it. Blocking: called off the event loop.
 */
final class KeyIssuer {

  private static final Logger log = LoggerFactory.getLogger(KeyIssuer.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final IssuedKeys keys;
  private final TopicWriter writer;
  private final SecretKeys secrets;
  private final Clock clock;

  KeyIssuer(IssuedKeys keys, TopicWriter writer, SecretKeys secrets, Clock clock) {
    this.keys = keys;
    this.writer = writer;
    this.secrets = secrets;
    this.clock = clock;
  }

  /** A key as written, and its secret: returned once, kept nowhere. */
  record Issued(ApiKeyIssued key, String secret) {}

  Issued issue(NewKeyBody body, Caller admin) {
    // 1. a new key and id: only the key's hash leaves this method
    String secret = secrets.newKey();
    var key =
        ApiKeyIssued.newBuilder()
            .setKeyId(secrets.newId())
            .setKeySha256(Sha256.hex(secret))
            .setUserId(body.user())
            .setTenant(body.tenant())
            .setSensors(body.sensors())
            .setPipelines(body.pipelines())
            .setRole(KeyRole.valueOf(body.role().name()))
            .setCreatedAt(now())
            .setChangedBy(admin.keyId())
            .build();
    // 2. publish it, 3. read it back here
    publish(key);
    return new Issued(key, secret);
  }

  Issued rotate(String keyId, Duration grace, Caller admin) {
    // 1. the key as it stands; a revoked one stays so
    var current = existing(keyId);
    if (current.getRevokedAt() != null) {
      throw new Refused(409, "key_revoked", "key " + keyId + " is revoked; issue a new one", null);
    }
    // 2. a new secret for the same identity; the replaced one valid for the grace period, if any
    String secret = secrets.newKey();
    Instant now = now();
    boolean overlap = !grace.isZero();
    var key =
        ApiKeyIssued.newBuilder(current)
            .setKeySha256(Sha256.hex(secret))
            .setRotatedAt(now)
            .setPreviousKeySha256(overlap ? current.getKeySha256() : null)
            .setPreviousValidUntil(overlap ? now.plus(grace) : null)
            .setChangedBy(admin.keyId())
            .build();
    // 3. publish it, 4. read it back here
    publish(key);
    return new Issued(key, secret);
  }

  ApiKeyIssued revoke(String keyId, Caller admin) {
    // 1. the key as it stands; revoking it again changes nothing
    var current = existing(keyId);
    if (current.getRevokedAt() != null) {
      return current;
    }
    // 2. flagged, not deleted: the list still shows it, and no replica accepts it or its previous
    var key =
        ApiKeyIssued.newBuilder(current).setRevokedAt(now()).setChangedBy(admin.keyId()).build();
    // 3. publish it, 4. read it back here: refused on this replica from now on
    publish(key);
    return key;
  }

  /** Every issued key, oldest first, as of now on every replica. */
  List<ApiKeyIssued> list() {
    keys.readToEnd(TIMEOUT);
    return keys.all().stream()
        .sorted(
            Comparator.comparing(ApiKeyIssued::getCreatedAt).thenComparing(ApiKeyIssued::getKeyId))
        .toList();
  }

  Optional<ApiKeyIssued> find(String keyId) {
    keys.readToEnd(TIMEOUT);
    return keys.get(keyId);
  }

  /** Milliseconds, as the topic keeps times: an answer shows what every replica will read. */
  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * The key as this replica holds it; one it does not hold yet is looked for to the topic's end.
   */
  private ApiKeyIssued existing(String keyId) {
    return keys.get(keyId)
        .or(() -> find(keyId))
        .orElseThrow(
            () -> new Refused(404, "key_not_found", "no issued key has the id " + keyId, null));
  }

  /** Writes the key's new state and waits until this replica has applied it. */
  private void publish(ApiKeyIssued key) {
    var applied = keys.applied(key);
    try {
      writer
          .send(ServiceTopics.GATEWAY_KEYS, key.getKeyId(), key)
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      applied.cancel(false);
      log.warn("key {} not written to gateway.keys: {}", key.getKeyId(), e.toString());
      throw unavailable();
    } catch (InterruptedException e) {
      applied.cancel(false);
      Thread.currentThread().interrupt();
      throw unavailable();
    }
    try {
      applied.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | CancellationException e) {
      applied.cancel(false);
      log.warn("key {} written to gateway.keys, not yet read back here", key.getKeyId());
    } catch (InterruptedException e) {
      applied.cancel(false);
      Thread.currentThread().interrupt();
    }
  }

  private static Refused unavailable() {
    return new Refused(
        503,
        "keys_unavailable",
        "Kafka did not acknowledge the change in time; list the keys to see whether it was made",
        null);
  }
}
