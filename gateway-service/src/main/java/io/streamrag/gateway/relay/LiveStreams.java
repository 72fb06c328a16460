package io.streamrag.gateway.relay;

import io.streamrag.schemas.chat.AnswerEvent;
import java.util.List;
import java.util.Set;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;

/**
 * The answer streams open on this replica, by request id ({@link Subscriptions}: registered when
 * opened, buffered until the subscriber comes, removed when it leaves, swept if it never came). A
 * stream passes on every event it is given: which of them its client gets (one generation, each
 * event once) is for {@link Generations} to say.
 *
 * <p>A stream is fed by the relay's group consumer, or, once handed over ({@link #toHandOver}) (its
 * partition went to another replica), by a read of its own on the shared reader ({@link
 * AnswerReplays}): never by both, so a late event from one cannot overtake the other's.
 */
final class LiveStreams {

  /** One open stream. */
  static final class Stream extends Subscriptions.Subscription<AnswerEvent> {
    private volatile Disposable ownReader;

    boolean handedOver() {
      return ownReader != null;
    }

    void readBy(Disposable reader) {
      ownReader = reader;
    }

    @Override
    void close() {
      Disposable reader = ownReader;
      if (reader != null) {
        reader.dispose();
      }
    }
  }

  private final Subscriptions<AnswerEvent, Stream> streams = new Subscriptions<>();

  Flux<AnswerEvent> open(String key) {
    return streams.open(key, new Stream());
  }

  /** Called by the group consumer's thread: to the streams it still feeds. */
  void deliver(String key, AnswerEvent event) {
    for (var stream : streams.of(key)) {
      if (!stream.handedOver()) {
        stream.emit(event);
      }
    }
  }

  boolean anyFor(String key) {
    return streams.anyFor(key);
  }

  /** The keys of the streams open here. */
  Set<String> keys() {
    return streams.keys();
  }

  /** The streams of a key not yet handed over; the caller gives each a read of its own. */
  List<Stream> toHandOver(String key) {
    return streams.of(key).stream().filter(s -> !s.handedOver()).toList();
  }

  void removeAll(String key) {
    streams.removeAll(key);
  }

  int size() {
    return streams.size();
  }
}
