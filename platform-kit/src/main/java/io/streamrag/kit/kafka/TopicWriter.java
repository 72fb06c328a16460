package io.streamrag.kit.kafka;

import io.streamrag.schemas.TopicSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Writes platform records to the catalogue's topics. Each send returns the broker's acknowledgement
 * as a future, so a handler can send all its outputs at once and wait once before its input offset
 * is committed: nothing it produced is lost, and it pays one round trip, not one per record. A
 * record of the wrong type for its topic is refused before it is sent.
 */
public final class TopicWriter implements AutoCloseable {

  /** Kafka's own default for {@code delivery.timeout.ms}. */
  private static final long DEFAULT_DELIVERY_TIMEOUT_MS = 120_000;

  private final KafkaTemplate<String, Object> template;

  /** The longest a batch waits for its acknowledgements ({@link Batch#await}). */
  private final Duration awaitLimit;

  public TopicWriter(KafkaTemplate<String, Object> template) {
    this.template = template;
    this.awaitLimit = awaitLimit(template);
  }

  /** Sends a record keyed as its topic requires. */
  public CompletableFuture<?> send(TopicSpec topic, String key, SpecificRecord value) {
    checkType(topic, value);
    return template.send(topic.name(), key, value);
  }

  /** Sends a record with headers of its own (e.g. where its reply goes), keyed as above. */
  public CompletableFuture<?> send(
      TopicSpec topic, String key, SpecificRecord value, Iterable<Header> headers) {
    checkType(topic, value);
    return template.send(new ProducerRecord<>(topic.name(), null, key, value, headers));
  }

  /**
   * Sends a record to the partition {@code partition} names, or where its key hashes when it is
   * null; a fragment of a stream travels without a span of its own ({@link Fragments}).
   */
  public CompletableFuture<?> send(
      TopicSpec topic, Integer partition, String key, SpecificRecord value, boolean fragment) {
    checkType(topic, value);
    var record = new ProducerRecord<String, Object>(topic.name(), partition, key, value);
    if (fragment) {
      Fragments.mark(record.headers());
    }
    return template.send(record);
  }

  /** Sends a record that is a fragment of a stream: no span of its own ({@link Fragments}). */
  public CompletableFuture<?> sendFragment(TopicSpec topic, String key, SpecificRecord value) {
    return send(topic, null, key, value, true);
  }

  /** How many partitions {@code topic} has, as this writer's producer knows them. */
  public int partitions(TopicSpec topic) {
    return template.partitionsFor(topic.name()).size();
  }

  private static void checkType(TopicSpec topic, SpecificRecord value) {
    if (topic.valueType() == null || !topic.valueType().isInstance(value)) {
      throw new IllegalArgumentException(
          topic.name()
              + " carries "
              + (topic.valueType() == null ? "raw bytes" : topic.valueType().getSimpleName())
              + ", not "
              + value.getClass().getSimpleName());
    }
  }

  /** Sends a tombstone: the key's value is removed from a compacted topic. */
  public CompletableFuture<?> tombstone(TopicSpec topic, String key) {
    return template.send(topic.name(), key, null);
  }

  /** Flushes what is pending and closes the producer. */
  @Override
  public void close() {
    template.flush();
    template.getProducerFactory().reset();
  }

  /** A batch of sends awaited together. */
  public Batch batch() {
    return new Batch();
  }

  /** Sends collected by one handler, acknowledged together. */
  public final class Batch {
    private final List<CompletableFuture<?>> pending = new ArrayList<>();
    private final List<Runnable> onFailure = new ArrayList<>();

    /**
     * Runs {@code undo} if a record of this batch is refused: for state its handler changed ahead
     * of the broker's acknowledgement (a view written through), which a retry must not trust.
     */
    public Batch onFailure(Runnable undo) {
      onFailure.add(undo);
      return this;
    }

    /** The undos of the records sent so far, handed to whoever awaits them. */
    private List<Runnable> takeUndos() {
      var undos = List.copyOf(onFailure);
      onFailure.clear();
      return undos;
    }

    public Batch send(TopicSpec topic, String key, SpecificRecord value) {
      pending.add(TopicWriter.this.send(topic, key, value));
      return this;
    }

    /** Sends a fragment of a stream ({@link TopicWriter#sendFragment}). */
    public Batch sendFragment(TopicSpec topic, String key, SpecificRecord value) {
      pending.add(TopicWriter.this.sendFragment(topic, key, value));
      return this;
    }

    /** Sends to a named partition, or the key's when null ({@link TopicWriter#send}). */
    public Batch send(
        TopicSpec topic, Integer partition, String key, SpecificRecord value, boolean fragment) {
      pending.add(TopicWriter.this.send(topic, partition, key, value, fragment));
      return this;
    }

    /**
     * Completes once the broker acknowledged every record sent so far; fails if any failed. No
     * thread waits meanwhile.
     */
    public CompletableFuture<Void> acked() {
      var all = CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
      pending.clear();
      var undos = takeUndos();
      return all.handle(
          (ok, error) -> {
            if (error != null) {
              undos.forEach(Runnable::run);
              Throwable cause = error instanceof CompletionException ? error.getCause() : error;
              throw new IllegalStateException(
                  "Kafka refused a record: " + cause.getMessage(), cause);
            }
            return null;
          });
    }

    /**
     * Waits until the broker acknowledged every record of the batch; fails if any failed, or if one
     * is still unanswered once the producer's delivery timeout (and a margin) has passed: by then
     * the producer itself should have failed it, and a handler must not wait forever on a send that
     * a client bug left incomplete (a refused batch once never completed in a test).
     */
    public void await() {
      var undos = takeUndos();
      try {
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
            .get(awaitLimit.toMillis(), TimeUnit.MILLISECONDS);
      } catch (ExecutionException e) {
        undos.forEach(Runnable::run);
        throw new IllegalStateException(
            "Kafka refused a record: " + e.getCause().getMessage(), e.getCause());
      } catch (TimeoutException e) {
        undos.forEach(Runnable::run);
        throw new IllegalStateException(
            "Kafka answered no record of the batch within " + awaitLimit, e);
      } catch (InterruptedException e) {
        undos.forEach(Runnable::run);
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for Kafka", e);
      } finally {
        pending.clear();
      }
    }
  }

  /** The producer's delivery timeout (Kafka's default when unset) and five seconds more. */
  private static Duration awaitLimit(KafkaTemplate<String, Object> template) {
    Object configured =
        template
            .getProducerFactory()
            .getConfigurationProperties()
            .get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
    long millis =
        configured == null ? DEFAULT_DELIVERY_TIMEOUT_MS : Long.parseLong(configured.toString());
    return Duration.ofMillis(millis).plusSeconds(5);
  }
}
