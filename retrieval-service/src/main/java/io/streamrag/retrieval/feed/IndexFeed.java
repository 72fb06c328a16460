package io.streamrag.retrieval.feed;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.streamrag.kit.kafka.PartitionReader;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the store from the index-change topic, and nothing else. Every replica reads every
 * partition from where its store's last checkpoint left off (the beginning for a new store),
 * applies each change, makes it searchable at once, and checkpoints the offsets into the store now
 * and then on another thread. A change it cannot apply goes to {@code dlq.retrieval.index} with the
 * reason.
 */
public final class IndexFeed implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(IndexFeed.class);
  private static final String TOPIC = Topics.INDEX_CHANGES.name();

  private final ChunkStore store;
  private final String model;
  private final KafkaConsumer<String, byte[]> consumer;
  private final KafkaProducer<String, byte[]> deadLetters;
  private final AvroDeserializer avro = new AvroDeserializer();
  private final Duration checkpointEvery;
  private final Timer freshness;
  private final FreshnessLog freshnessLog;
  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private final Thread thread;
  private final java.util.concurrent.ExecutorService checkpointer =
      java.util.concurrent.Executors.newSingleThreadExecutor(
          r -> new Thread(r, "index-checkpoint"));
  private final java.util.concurrent.atomic.AtomicBoolean checkpointing =
      new java.util.concurrent.atomic.AtomicBoolean();
  private volatile boolean running = true;
  private volatile Instant lastApplied = Instant.EPOCH;

  /**
   * @param model the embedding model of the store; a change from another model is refused
   * @param checkpointEvery how often applied offsets are committed into the store
   */
  public IndexFeed(
      String bootstrapServers,
      ChunkStore store,
      String model,
      Duration checkpointEvery,
      MeterRegistry meters,
      FreshnessLog freshnessLog) {
    this.freshnessLog = freshnessLog;
    this.store = store;
    this.model = model;
    this.checkpointEvery = checkpointEvery;
    this.consumer = PartitionReader.assignAll(bootstrapServers, TOPIC, "retrieval-index-feed", 100);
    this.deadLetters =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", bootstrapServers, "linger.ms", 0),
            new StringSerializer(),
            new ByteArraySerializer());
    this.freshness =
        Timer.builder("retrieval.index.freshness")
            .description("From a fact entering the system to its chunk being searchable")
            .publishPercentiles(0.5, 0.95, 0.99)
            .register(meters);
    this.thread = new Thread(this::run, "index-feed");
    this.thread.setDaemon(true);
  }

  /** Starts applying changes on the feed's own thread. */
  public void start() {
    thread.start();
  }

  /** Waits until every change that was on the topic at start is searchable. */
  public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
    return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** True once every change that was on the topic at start is searchable. */
  public boolean isCaughtUp() {
    return caughtUp.getCount() == 0;
  }

  /** When the newest applied change's fact entered the system. */
  public Instant lastAppliedSourceTime() {
    return lastApplied;
  }

  private void run() {
    try {
      List<TopicPartition> partitions = List.copyOf(consumer.assignment());
      Map<Integer, Long> checkpointed = store.appliedOffsets();
      for (TopicPartition tp : partitions) {
        Long next = checkpointed.get(tp.partition());
        if (next == null) {
          consumer.seekToBeginning(List.of(tp));
        } else {
          consumer.seek(tp, next);
        }
      }
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      log.info("index feed starts with {} chunks, from offsets {}", store.size(), checkpointed);
      long lastCheckpoint = System.nanoTime();
      while (running) {
        var records = consumer.poll(Duration.ofMillis(200));
        if (!records.isEmpty()) {
          var applied = new java.util.ArrayList<IndexChanged>(records.count());
          for (var record : records) {
            apply(record, applied);
          }
          store.refresh();
          Instant searchable = Instant.now();
          for (IndexChanged change : applied) {
            freshness.record(Duration.between(change.getSourceReceivedAt(), searchable));
            if (change.getPayload() != null) {
              freshnessLog.add(
                  new FreshnessLog.Entry(
                      change.getPayload().getSensorUuid(),
                      change.getPayload().getSource(),
                      change.getSourceReceivedAt().toEpochMilli(),
                      searchable.toEpochMilli()));
            }
          }
        }
        if (caughtUp.getCount() > 0
            && end.entrySet().stream()
                .allMatch(e -> consumer.position(e.getKey()) >= e.getValue())) {
          log.info("index caught up: {} chunks searchable", store.size());
          caughtUp.countDown();
        }
        if (System.nanoTime() - lastCheckpoint > checkpointEvery.toNanos()
            && checkpointing.compareAndSet(false, true)) {
          // A commit can take hundreds of milliseconds: never on the thread that makes changes
          // searchable.
          var offsets = positions(partitions);
          checkpointer.execute(() -> checkpoint(offsets));
          lastCheckpoint = System.nanoTime();
        }
      }
      checkpointer.shutdown();
      checkpointer.awaitTermination(30, TimeUnit.SECONDS);
      checkpoint(positions(partitions));
    } catch (WakeupException stopping) {
      // closing
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      log.error("index feed stopped: the index no longer follows {}", TOPIC, e);
    } finally {
      consumer.close();
      deadLetters.close();
    }
  }

  private void apply(ConsumerRecord<String, byte[]> record, List<IndexChanged> applied) {
    if (record.value() == null) {
      store.delete(record.key()); // a tombstone removes its point
      return;
    }
    try {
      Object value = avro.deserialize(TOPIC, record.value());
      if (!(value instanceof IndexChanged change)) {
        throw new IllegalArgumentException(
            "not an IndexChanged: " + value.getClass().getSimpleName());
      }
      if (change.getOp() == IndexOp.DELETE) {
        store.delete(change.getPointId());
      } else {
        if (!change.getEmbeddingModel().equals(model)) {
          throw new IllegalArgumentException(
              "vector from model "
                  + change.getEmbeddingModel()
                  + ", the index holds "
                  + model
                  + ": re-embed it");
        }
        store.upsert(toChunk(change));
      }
      applied.add(change);
      lastApplied = change.getSourceReceivedAt();
    } catch (RuntimeException e) {
      log.warn(
          "index change {} at {}-{}@{} refused: {}",
          record.key(),
          TOPIC,
          record.partition(),
          record.offset(),
          e.getMessage());
      var dead =
          new ProducerRecord<>(
              Topics.DLQ_RETRIEVAL_INDEX.name(), record.partition(), record.key(), record.value());
      dead.headers()
          .add(
              "x-exception-message",
              String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8));
      dead.headers()
          .add(
              "x-original-offset",
              String.valueOf(record.offset()).getBytes(StandardCharsets.UTF_8));
      deadLetters.send(dead);
    }
  }

  private static StoredChunk toChunk(IndexChanged c) {
    var p = c.getPayload();
    if (p == null) {
      throw new IllegalArgumentException("an upsert without payload");
    }
    float[] vector = new float[c.getVector().size()];
    for (int i = 0; i < vector.length; i++) {
      vector[i] = c.getVector().get(i);
    }
    return new StoredChunk(
        c.getPointId(),
        p.getText(),
        p.getSource(),
        p.getSensorUuid(),
        p.getKbName(),
        p.getChunkIndex(),
        p.getDocId(),
        p.getLanguage(),
        vector);
  }

  private Map<Integer, Long> positions(List<TopicPartition> partitions) {
    var offsets = new HashMap<Integer, Long>();
    partitions.forEach(tp -> offsets.put(tp.partition(), consumer.position(tp)));
    return offsets;
  }

  /** Offsets taken after their changes were applied: a replay from them repeats, never skips. */
  private void checkpoint(Map<Integer, Long> offsets) {
    try {
      deadLetters.flush();
      store.checkpoint(offsets);
    } catch (RuntimeException e) {
      log.warn("index checkpoint failed; the next one will retry: {}", e.getMessage());
    } finally {
      checkpointing.set(false);
    }
  }

  @Override
  public void close() {
    running = false; // the loop ends within one poll and checkpoints what it applied
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
