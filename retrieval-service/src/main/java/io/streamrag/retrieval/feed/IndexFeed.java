package io.streamrag.retrieval.feed;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.schemas.KnowledgeTopics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.task.TaskExecutor;
import org.springframework.kafka.listener.BatchConsumerAwareMessageListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;
import org.springframework.kafka.support.micrometer.KafkaListenerObservation;
import org.springframework.kafka.support.micrometer.KafkaRecordReceiverContext;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * Builds the store from the index-change topic, and nothing else. Every replica reads every
 * partition (a {@link TopicReaders} container) from where its store's last checkpoint left off (the
 * beginning for a new store), applies each poll's changes, makes them searchable at once, and now
 * and then checkpoints the offsets into the store on a Spring-managed executor.
 *
 * <p>Two kinds of failure, two answers:
 *
 * <ul>
 *   <li>a change that cannot be applied (undecodable, from another embedding model, without
 *       payload) goes to {@code dlq.retrieval.index} through spring-kafka's recoverer, and the feed
 *       goes on: it never stalls a partition;
 *   <li>the store failing (Qdrant down, a disk error) retries the poll's changes with back-off (0.1
 *       s doubling to 5 s, for as long as it takes): indexing resumes by itself, nothing is
 *       skipped, and changes already applied in that poll are not applied or dead-lettered twice.
 * </ul>
 */
public final class IndexFeed implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(IndexFeed.class);
  private static final String TOPIC = KnowledgeTopics.INDEX_CHANGES.name();
  private static final String LISTENER = "retrieval-index-feed";

  /**
   * A poll that changed global knowledge is made searchable at most once per 20 ms: the feed waits
   * out the rest of that time before refreshing, so a burst of knowledge changes is applied and
   * refreshed together, not one flushed segment per change. A poll of sensors' data only never
   * waits: it is searchable as soon as applied (the store keeps it apart, see {@link
   * ChunkStore#refresh()}). It used to be a pause after every poll, which made each reading wait
   * for it too.
   */
  static final Duration REFRESH_AT_MOST_EVERY = Duration.ofMillis(20);

  private final TopicReaders readers;
  private final String name;
  private final ChunkStore store;
  private final FeedCheckpoints checkpoints;
  private final IndexChanges changes;
  private final AppliedChanges applied;
  private final DeadLetterPublishingRecoverer deadLetters;
  private final ObservationRegistry observations;
  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private final Map<TopicPartition, Long> handled = new ConcurrentHashMap<>();
  private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();
  private Map<TopicPartition, Long> startEnd = Map.of();
  private final Map<TopicPartition, Long> startFrom = new ConcurrentHashMap<>();
  private MessageListenerContainer container;
  private long lastKnowledgeRefresh = System.nanoTime() - REFRESH_AT_MOST_EVERY.toNanos();

  /**
   * @param model the embedding model of the store; a change from another model is refused
   * @param checkpointEvery how often applied offsets are committed into the store
   * @param checkpointer runs checkpoints off the thread that makes changes searchable
   */
  public IndexFeed(
      TopicReaders readers,
      ChunkStore store,
      String model,
      Duration checkpointEvery,
      TaskExecutor checkpointer,
      MeterRegistry meters,
      FreshnessLog freshnessLog) {
    this(
        readers,
        LISTENER,
        store,
        model,
        null,
        checkpointEvery,
        checkpointer,
        meters,
        freshnessLog,
        new KnowledgeChanges(Clock.systemUTC()));
  }

  /**
   * A feed of its own name (one per index generation), which may re-embed.
   *
   * @param name the consumer's name, unique in the process
   * @param reembedder embeds the text of a change from another model; {@code null} dead-letters it
   * @param knowledgeChanges told which KBs' global knowledge each applied poll changed
   */
  public IndexFeed(
      TopicReaders readers,
      String name,
      ChunkStore store,
      String model,
      Embedder reembedder,
      Duration checkpointEvery,
      TaskExecutor checkpointer,
      MeterRegistry meters,
      FreshnessLog freshnessLog,
      KnowledgeChanges knowledgeChanges) {
    this.readers = readers;
    this.name = name;
    this.store = store;
    this.checkpoints = new FeedCheckpoints(store, checkpointEvery, checkpointer);
    this.changes = new IndexChanges(model, reembedder);
    this.applied = new AppliedChanges(meters, freshnessLog, knowledgeChanges);
    this.deadLetters = DeadLetters.recoverer(readers.clients(), null);
    this.observations = readers.clients().observations();
  }

  /** Starts applying changes from the store's checkpoint. */
  public void start() {
    startEnd = readers.ends(TOPIC, Duration.ofSeconds(30));
    Map<Integer, Long> checkpointed = store.appliedOffsets();
    log.info("index feed starts with {} chunks, from offsets {}", store.size(), checkpointed);
    var from =
        startEnd.keySet().stream()
            .map(
                tp ->
                    checkpointed.containsKey(tp.partition())
                        ? new TopicPartitionOffset(
                            TOPIC, tp.partition(), checkpointed.get(tp.partition()))
                        : new TopicPartitionOffset(
                            TOPIC, tp.partition(), TopicPartitionOffset.SeekPosition.BEGINNING))
            .toArray(TopicPartitionOffset[]::new);
    var backOff = new ExponentialBackOff(100, 2);
    backOff.setMaxInterval(5_000);
    var feed =
        readers.container(
            name,
            Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1000),
            from,
            new ByteArrayDeserializer());
    feed.getContainerProperties().setMessageListener(new Listener());
    feed.setCommonErrorHandler(new DefaultErrorHandler(backOff));
    feed.start();
    container = feed;
  }

  /** Waits until every change that was on the topic at start is searchable. */
  public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
    return caughtUp.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** True once every change that was on the topic at start is searchable. */
  public boolean isCaughtUp() {
    return caughtUp.getCount() == 0;
  }

  /** True while the feed's consumer runs. */
  public boolean isFollowing() {
    return container != null && container.isRunning();
  }

  /** How far this feed has read towards the topic's ends at its start. */
  public FeedProgress progress() {
    return FeedProgress.of(startEnd, startFrom, positions);
  }

  /** When the newest applied change's fact entered the system. */
  public Instant lastAppliedSourceTime() {
    return applied.lastSourceTime();
  }

  /** Stops reading and checkpoints what was applied: a restart goes on from there. */
  @Override
  public void close() {
    if (container != null) {
      readers.stop(container);
    }
    checkpoints.now(Map.copyOf(positions));
  }

  private void onPoll(List<ConsumerRecord<String, byte[]>> records, Consumer<?, ?> consumer) {
    var applied = new ArrayList<IndexChanges.Change>(records.size());
    for (var record : records) {
      var tp = new TopicPartition(record.topic(), record.partition());
      if (record.offset() < handled.getOrDefault(tp, -1L)) {
        continue; // applied before the store failed on a later change of this poll
      }
      IndexChanges.Change change;
      try {
        change = changes.read(record);
      } catch (IllegalArgumentException e) {
        log.warn(
            "index change {} at {}-{}@{} refused: {}",
            record.key(),
            TOPIC,
            record.partition(),
            record.offset(),
            e.getMessage());
        deadLetters.accept(record, consumer, e);
        handled.put(tp, record.offset() + 1);
        continue;
      }
      applyInItsTrace(record, change); // a store failure throws: the error handler retries
      handled.put(tp, record.offset() + 1);
      applied.add(change);
    }
    if (applied.stream().anyMatch(c -> c.knowledge().isPresent())) {
      waitForRefreshSlot();
    }
    store.refresh();
    this.applied.searchable(applied, Instant.now());
    moved(consumer);
  }

  /** Waits until the last refresh for global knowledge is 20 ms old; the feed's thread only. */
  private void waitForRefreshSlot() {
    long due = lastKnowledgeRefresh + REFRESH_AT_MOST_EVERY.toNanos();
    for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
      LockSupport.parkNanos(wait);
    }
    lastKnowledgeRefresh = System.nanoTime();
  }

  /**
   * Applies a change observed as a record listener's record is (this is a batch listener): a span
   * around the apply that continues the trace of the fact that caused it, e.g. a sensor reading's.
   */
  private void applyInItsTrace(ConsumerRecord<String, byte[]> record, IndexChanges.Change change) {
    KafkaListenerObservation.LISTENER_OBSERVATION
        .observation(
            null,
            KafkaListenerObservation.DefaultKafkaListenerObservationConvention.INSTANCE,
            () -> new KafkaRecordReceiverContext(record, LISTENER, () -> null),
            observations)
        .observe(() -> change.applyTo(store));
  }

  private void moved(Consumer<?, ?> consumer) {
    consumer.assignment().forEach(tp -> positions.put(tp, consumer.position(tp)));
    countDownIfCaughtUp();
    checkpoints.ifDue(positions);
  }

  private void countDownIfCaughtUp() {
    if (caughtUp.getCount() > 0
        && startEnd.entrySet().stream()
            .allMatch(e -> positions.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
      log.info("index caught up: {} chunks searchable", store.size());
      caughtUp.countDown();
    }
  }

  private final class Listener
      implements BatchConsumerAwareMessageListener<String, byte[]>, ConsumerSeekAware {

    @Override
    public void onPartitionsAssigned(
        Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
      assignments.forEach(startFrom::putIfAbsent);
      positions.putAll(assignments);
      countDownIfCaughtUp();
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records, Consumer<?, ?> consumer) {
      onPoll(records, consumer);
    }
  }
}
