package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.PartitionReader;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Delivers answer events to the SSE stream waiting for them. Every gateway replica reads every
 * partition of the answers topic from its end (manual assignment: no group, no rebalance delay) and
 * keeps only the events of the requests it holds, so the answer reaches the right client whichever
 * replica it is connected to. A session is registered before its request is published.
 */
public final class AnswerRelay implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AnswerRelay.class);
  private static final String TOPIC = Topics.CHAT_ANSWERS.name();

  /**
   * A session nobody subscribed to (the client left before streaming began) is dropped after this.
   */
  private static final Duration ABANDONED = Duration.ofMinutes(10);

  private record Session(Sinks.Many<AnswerEvent> sink, long openedAt) {}

  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final KafkaConsumer<String, byte[]> consumer;
  private final AvroDeserializer avro = new AvroDeserializer();
  private final CountDownLatch positioned = new CountDownLatch(1);
  private final Thread thread;
  private volatile boolean running = true;

  public AnswerRelay(String bootstrapServers) {
    this.consumer = PartitionReader.assignAll(bootstrapServers, TOPIC, "gateway-answer-relay", 50);
    this.thread = new Thread(this::run, "answer-relay");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  /** Waits until the relay reads the topic's end: from then on no answer event is missed. */
  public boolean awaitReady(Duration timeout) throws InterruptedException {
    return positioned.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  public boolean isReady() {
    return positioned.getCount() == 0;
  }

  /** Opens the session of a request: its events, in order, until the subscriber goes away. */
  public Flux<AnswerEvent> open(String requestId) {
    Sinks.Many<AnswerEvent> sink = Sinks.many().unicast().onBackpressureBuffer();
    sessions.put(requestId, new Session(sink, System.nanoTime()));
    return sink.asFlux().doFinally(signal -> sessions.remove(requestId));
  }

  /** Closes a session whose request could not be published. */
  public void cancel(String requestId) {
    sessions.remove(requestId);
  }

  /** How many answers are being streamed through this replica. */
  public int openSessions() {
    return sessions.size();
  }

  private void run() {
    try {
      var partitions = consumer.assignment();
      consumer.seekToEnd(partitions);
      partitions.forEach(consumer::position); // resolve the end now, before any request is accepted
      positioned.countDown();
      long lastSweep = System.nanoTime();
      while (running) {
        for (var record : consumer.poll(Duration.ofMillis(100))) {
          var session = sessions.get(record.key());
          if (session != null) {
            deliver(session.sink(), record.value());
          }
        }
        if (System.nanoTime() - lastSweep > Duration.ofSeconds(30).toNanos()) {
          long cutoff = System.nanoTime() - ABANDONED.toNanos();
          sessions.values().removeIf(s -> s.openedAt() < cutoff);
          lastSweep = System.nanoTime();
        }
      }
    } catch (RuntimeException e) {
      log.error("answer relay stopped: open chats will time out", e);
    } finally {
      consumer.close();
    }
  }

  private void deliver(Sinks.Many<AnswerEvent> sink, byte[] value) {
    try {
      if (avro.deserialize(TOPIC, value) instanceof AnswerEvent event) {
        sink.tryEmitNext(event);
      }
    } catch (RuntimeException e) {
      // Every replica reads this record: dead-lettering it here would file it once per replica.
      log.warn("skipped an unreadable answer event: {}", e.getMessage());
    }
  }

  @Override
  public void close() {
    running = false;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
