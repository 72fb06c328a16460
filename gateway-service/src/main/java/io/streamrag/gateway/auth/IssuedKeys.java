package io.streamrag.gateway.auth;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.auth.ApiKeyIssued;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The issued API keys as on {@code gateway.keys}, which every replica reads to its end at start and
 * then follows: an issue, rotation or revocation written through any replica applies on this one as
 * soon as it reads it (its consumer waits at most 100 ms for records). Looked up by the key's hash;
 * only hashes are ever held.
 */
public final class IssuedKeys implements AutoCloseable {

  private final Map<String, String> idByHash = new ConcurrentHashMap<>();
  private final Map<String, List<String>> hashesById = new HashMap<>();
  private final Map<String, CompletableFuture<Void>> expected = new ConcurrentHashMap<>();
  private final TopicView<ApiKeyIssued> view;

  /** Reads the topic to its end (or fails after {@code timeout}), then follows it. */
  IssuedKeys(TopicReaders readers, Duration timeout) {
    this.view =
        TopicView.follow(
                readers, ServiceTopics.GATEWAY_KEYS.name(), ApiKeyIssued.class, this::index)
            .caughtUpWithin(timeout);
  }

  /**
   * The key whose current hash this is, or whose previous one is still in its grace period; never a
   * revoked key.
   */
  Optional<ApiKeyIssued> find(String sha256, Instant now) {
    String id = idByHash.get(sha256);
    return id == null ? Optional.empty() : view.get(id).filter(k -> accepts(k, sha256, now));
  }

  /** True when the key, as it stands, accepts the hash at this instant. */
  static boolean accepts(ApiKeyIssued key, String sha256, Instant now) {
    if (key.getRevokedAt() != null) {
      return false;
    }
    return sha256.equals(key.getKeySha256())
        || sha256.equals(key.getPreviousKeySha256())
            && key.getPreviousValidUntil() != null
            && now.isBefore(key.getPreviousValidUntil());
  }

  /** The key with this id, revoked or not. */
  public Optional<ApiKeyIssued> get(String keyId) {
    return view.get(keyId);
  }

  /** Every issued key, revoked ones included. */
  public Collection<ApiKeyIssued> all() {
    return view.values();
  }

  /**
   * Completes once this replica has applied this very record, read back from the topic: from then
   * on its lookups answer by it. Ask before writing the record; cancel to stop waiting.
   */
  public CompletableFuture<Void> applied(ApiKeyIssued key) {
    var applied = new CompletableFuture<Void>();
    String change = change(key);
    expected.put(change, applied);
    applied.whenComplete((done, failed) -> expected.remove(change, applied));
    return applied;
  }

  /**
   * Waits until everything written to the topic before the call has been read here: after {@code
   * true}, a change written through any replica is applied on this one. It asks the broker where
   * the topic ends, with a client of its own: for reads, not for every write.
   */
  public boolean readToEnd(Duration timeout) {
    return view.catchUp(timeout);
  }

  @Override
  public void close() {
    view.close();
  }

  /** Keeps the hash index in step with the view: a key's old hashes go, its current ones come. */
  private synchronized void index(String keyId, ApiKeyIssued key) {
    var hashes =
        key == null || key.getRevokedAt() != null
            ? List.<String>of()
            : key.getPreviousKeySha256() == null
                ? List.of(key.getKeySha256())
                : List.of(key.getKeySha256(), key.getPreviousKeySha256());
    hashes.forEach(h -> idByHash.put(h, keyId));
    for (String old : hashesById.getOrDefault(keyId, List.of())) {
      if (!hashes.contains(old)) {
        idByHash.remove(old, keyId);
      }
    }
    hashesById.put(keyId, hashes);
    if (key != null) {
      var applied = expected.get(change(key));
      if (applied != null) {
        applied.complete(null);
      }
    }
  }

  /** What tells one write of a key from every other: each changes its hash or its revocation. */
  private static String change(ApiKeyIssued key) {
    return key.getKeyId() + " " + key.getKeySha256() + " " + key.getRevokedAt();
  }
}
