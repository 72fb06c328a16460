package io.streamrag.gateway.relay;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many long-lived streams (alert streams, resumed answers) each key holds open on this replica,
 * and the most it may: a key cannot tie up the gateway's connections and readers by opening streams
 * without end. Counted by the key's owner ({@code Caller#owner}), so a rotated key keeps its count.
 */
public final class StreamCaps {

  private final int perKey;
  private final Map<String, Integer> open = new ConcurrentHashMap<>();

  public StreamCaps(int perKey) {
    this.perKey = perKey;
  }

  /** Counts one more stream of this owner; false (and nothing counted) when it has its limit. */
  public boolean tryOpen(String owner) {
    boolean[] admitted = {false};
    open.compute(
        owner,
        (key, count) -> {
          int now = count == null ? 0 : count;
          admitted[0] = now < perKey;
          return admitted[0] ? now + 1 : now;
        });
    return admitted[0];
  }

  /** One stream of this owner ended. */
  public void close(String owner) {
    open.computeIfPresent(owner, (key, count) -> count <= 1 ? null : count - 1);
  }

  /** The limit per key. */
  public int perKey() {
    return perKey;
  }

  /** How many streams are open here, all keys together. */
  public int total() {
    return open.values().stream().mapToInt(Integer::intValue).sum();
  }
}
