package io.streamrag.gateway.relay;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Who waits for which key's records on this replica: the one registry behind the answer streams
 * ({@link LiveStreams}) and the alert and pipeline watches ({@link TopicFanOut}). A subscription is
 * registered when it is opened, buffers what arrives until its subscriber comes, and is removed
 * (and closed) when the subscriber leaves; one whose subscriber never came (the client left first)
 * is swept after a while.
 *
 * @param <V> what a subscriber is sent
 * @param <S> the subscription, which may carry more (an answer stream its own read)
 */
final class Subscriptions<V, S extends Subscriptions.Subscription<V>> {

  private static final Duration ABANDONED = Duration.ofMinutes(10);
  private static final Duration SWEEP_EVERY = Duration.ofSeconds(30);

  /** One subscriber's buffer of what arrives for its key. */
  static class Subscription<V> {
    final Sinks.Many<V> sink = Sinks.many().unicast().onBackpressureBuffer();
    final long openedAt = System.nanoTime();
    volatile boolean subscribed;

    /** Hands the subscriber a value; from one thread at a time. */
    synchronized void emit(V value) {
      sink.tryEmitNext(value);
    }

    /** Releases what the subscription holds besides its buffer; nothing by default. */
    void close() {}
  }

  private final Map<String, Set<S>> byKey = new ConcurrentHashMap<>();
  private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());

  /** Registers {@code subscription} for {@code key}: its values until the subscriber leaves. */
  Flux<V> open(String key, S subscription) {
    sweepIfDue();
    byKey.compute(
        key,
        (k, all) -> {
          var set = all == null ? ConcurrentHashMap.<S>newKeySet() : all;
          set.add(subscription);
          return set;
        });
    return subscription
        .sink
        .asFlux()
        .doOnSubscribe(s -> subscription.subscribed = true)
        .doFinally(signal -> remove(key, subscription));
  }

  /** The subscriptions of a key open now. */
  List<S> of(String key) {
    var all = byKey.get(key);
    return all == null ? List.of() : List.copyOf(all);
  }

  boolean anyFor(String key) {
    return byKey.containsKey(key);
  }

  /** The keys with a subscription open here. */
  Set<String> keys() {
    return Set.copyOf(byKey.keySet());
  }

  /** Forgets every subscription of a key, closing each. */
  void removeAll(String key) {
    var all = byKey.remove(key);
    if (all != null) {
      all.forEach(Subscription::close);
    }
  }

  int size() {
    return byKey.values().stream().mapToInt(Set::size).sum();
  }

  private void remove(String key, S subscription) {
    subscription.close();
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
