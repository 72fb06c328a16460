package io.streamrag.gateway.relay;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The partitions of {@code chat.answers} this replica reads, and the one each request opened here
 * named for its answer ({@code AnswerPartition}): one of those read here, taken in turn so the
 * streams spread over them.
 */
final class AnswerPartitions {

  /**
   * How long the partition of a request opened here is remembered after its last record: the
   * streams it feeds, and the foreign-record count.
   */
  private static final Duration OPENED_FOR = Duration.ofMinutes(10);

  private final Set<Integer> owned = ConcurrentHashMap.newKeySet();

  /**
   * The requests opened here and their partitions: expired in constant time per id (a scan of every
   * id per chat was 8 % of the gateway's CPU at 50 chats/s), upkeep on the calling thread.
   */
  private final Cache<String, Integer> opened =
      Caffeine.newBuilder()
          .expireAfterAccess(OPENED_FOR)
          .maximumSize(1_000_000)
          .executor(Runnable::run)
          .build();

  private final AtomicInteger next = new AtomicInteger();
  private volatile int count;

  AnswerPartitions(int count) {
    this.count = count;
  }

  /** The topic's partition count, as the group last saw it. */
  void count(int count) {
    this.count = count;
  }

  /** A partition read here for a new request's answer; null when none is read here. */
  Integer name() {
    var mine = owned.stream().sorted().toList();
    return mine.isEmpty() ? null : mine.get(Math.floorMod(next.getAndIncrement(), mine.size()));
  }

  /**
   * Remembers a request opened here, and returns its answer's partition.
   *
   * @param named the partition the request named; null: the one its id hashes to
   */
  int open(String requestId, Integer named) {
    int partition = named == null ? hashed(requestId) : named;
    opened.put(requestId, partition);
    return partition;
  }

  /** The answer partition of a request: as opened here, else the one its id hashes to. */
  int of(String requestId) {
    Integer partition = opened.getIfPresent(requestId);
    return partition == null ? hashed(requestId) : partition;
  }

  /** The answer partition a request named, or its id's. */
  int of(String requestId, Integer named) {
    return named == null ? hashed(requestId) : named;
  }

  boolean openedHere(String requestId) {
    return opened.getIfPresent(requestId) != null;
  }

  boolean owns(int partition) {
    return owned.contains(partition);
  }

  void own(int partition) {
    owned.add(partition);
  }

  void disown(int partition) {
    owned.remove(partition);
  }

  Set<Integer> owned() {
    return Set.copyOf(owned);
  }

  private int hashed(String requestId) {
    return RequestPartitions.of(requestId, count);
  }
}
