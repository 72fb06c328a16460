package io.streamrag.gateway.relay;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Who waits for which key's records on this replica. A subscription is registered when it is
 * opened, buffers what arrives until its subscriber comes, and is removed when the subscriber
 * leaves; one whose subscriber never came (the client left first) is swept after a while.
 */
final class Subscriptions<V> {

  private static final Duration ABANDONED = Duration.ofMinutes(10);
  private static final Duration SWEEP_EVERY = Duration.ofSeconds(30);

  private static final class Subscription<V> {
    final Sinks.Many<V> sink = Sinks.many().unicast().onBackpressureBuffer();
    final long openedAt = System.nanoTime();
    volatile boolean subscribed;
  }

  private final Map<String, Set<Subscription<V>>> byKey = new ConcurrentHashMap<>();
  private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());

  Flux<V> open(String key) {
    sweepIfDue();
    var subscription = new Subscription<V>();
    byKey.compute(
        key,
        (k, all) -> {
          var set = all == null ? ConcurrentHashMap.<Subscription<V>>newKeySet() : all;
          set.add(subscription);
          return set;
        });
    return subscription
        .sink
        .asFlux()
        .doOnSubscribe(s -> subscription.subscribed = true)
        .doFinally(signal -> remove(key, subscription));
  }

  /** Called by the one thread that reads the topic. */
  void deliver(String key, V value) {
    var all = byKey.get(key);
    if (all != null) {
      all.forEach(s -> s.sink.tryEmitNext(value));
    }
  }

  boolean anyFor(String key) {
    return byKey.containsKey(key);
  }

  void removeAll(String key) {
    byKey.remove(key);
  }

  int size() {
    return byKey.values().stream().mapToInt(Set::size).sum();
  }

  private void remove(String key, Subscription<V> subscription) {
    byKey.computeIfPresent(
        key,
        (k, all) -> {
          all.remove(subscription);
          return all.isEmpty() ? null : all;
        });
  }

  private void sweepIfDue() {
    long now = System.nanoTime();
    long last = lastSweep.get();
    if (now - last < SWEEP_EVERY.toNanos() || !lastSweep.compareAndSet(last, now)) {
      return;
    }
    long cutoff = now - ABANDONED.toNanos();
    byKey.forEach(
        (key, all) ->
            all.stream()
                .filter(s -> !s.subscribed && s.openedAt < cutoff)
                .toList()
                .forEach(s -> remove(key, s)));
  }
}
