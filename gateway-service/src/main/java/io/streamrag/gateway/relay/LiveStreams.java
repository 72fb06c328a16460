package io.streamrag.gateway.relay;

import io.streamrag.schemas.chat.AnswerEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * The answer streams open on this replica, by request id. A stream is registered when it is opened,
 * buffers what arrives until its subscriber comes, is removed when the subscriber leaves, and is
 * swept if its subscriber never came. It passes on every event it is given: which of them its
 * client gets (one generation, each event once) is for {@link Generations} to say.
 *
 * <p>A stream is fed by the relay's group consumer, or, once {@link #handOver handed over} (its
 * partition went to another replica), by a reader of its own: never by both, so a late event from
 * one cannot overtake the other's.
 */
final class LiveStreams {

  private static final Duration ABANDONED = Duration.ofMinutes(10);
  private static final Duration SWEEP_EVERY = Duration.ofSeconds(30);

  /** One open stream. */
  static final class Stream {
    private final Sinks.Many<AnswerEvent> sink = Sinks.many().unicast().onBackpressureBuffer();
    private final long openedAt = System.nanoTime();
    private volatile boolean subscribed;
    private volatile Disposable ownReader;

    synchronized void emit(AnswerEvent event) {
      sink.tryEmitNext(event);
    }

    boolean handedOver() {
      return ownReader != null;
    }

    void readBy(Disposable reader) {
      ownReader = reader;
    }

    void close() {
      Disposable reader = ownReader;
      if (reader != null) {
        reader.dispose();
      }
    }
  }

  private final Map<String, Set<Stream>> byKey = new ConcurrentHashMap<>();
  private final AtomicLong lastSweep = new AtomicLong(System.nanoTime());

  Flux<AnswerEvent> open(String key) {
    sweepIfDue();
    var stream = new Stream();
    byKey.compute(
        key,
        (k, all) -> {
          var set = all == null ? ConcurrentHashMap.<Stream>newKeySet() : all;
          set.add(stream);
          return set;
        });
    return stream
        .sink
        .asFlux()
        .doOnSubscribe(s -> stream.subscribed = true)
        .doFinally(signal -> remove(key, stream));
  }

  /** Called by the group consumer's thread: to the streams it still feeds. */
  void deliver(String key, AnswerEvent event) {
    var all = byKey.get(key);
    if (all != null) {
      all.stream().filter(s -> !s.handedOver()).forEach(s -> s.emit(event));
    }
  }

  boolean anyFor(String key) {
    return byKey.containsKey(key);
  }

  /** The keys of the streams open here. */
  Set<String> keys() {
    return Set.copyOf(byKey.keySet());
  }

  /** The streams of a key not yet handed over; the caller gives each a reader of its own. */
  List<Stream> toHandOver(String key) {
    var all = byKey.get(key);
    return all == null ? List.of() : all.stream().filter(s -> !s.handedOver()).toList();
  }

  void removeAll(String key) {
    var all = byKey.remove(key);
    if (all != null) {
      all.forEach(Stream::close);
    }
  }

  int size() {
    return byKey.values().stream().mapToInt(Set::size).sum();
  }

  private void remove(String key, Stream stream) {
    stream.close();
    byKey.computeIfPresent(
        key,
        (k, all) -> {
          all.remove(stream);
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
