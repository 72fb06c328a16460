package io.streamrag.retrieval.feed;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.kafka.FollowFailures;
import io.streamrag.kit.kafka.FollowFrom;
import io.streamrag.kit.kafka.Followed;
import io.streamrag.kit.kafka.TopicFollow;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.IndexChanged;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.task.TaskExecutor;
import org.springframework.kafka.support.micrometer.KafkaListenerObservation;
import org.springframework.kafka.support.micrometer.KafkaRecordReceiverContext;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * Builds the store from the index-change topic, and nothing else. Every replica follows every
 * partition (a {@link TopicFollow}) from the offsets its store's last checkpoint holds (the
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
 *
 * <p>Both are the follow API's {@link FollowFailures#retryThenDeadLetter} policy, with {@link
 * IndexChanges}' refusals ({@link IllegalArgumentException}) as what is never applicable.
 *
 * <ul>
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
  private final ObservationRegistry observations;

  /** The changes applied since the last poll was made searchable; the feed's thread only. */
  private final List<IndexChanges.Change> unsearchable = new ArrayList<>();

  private volatile TopicFollow<IndexChanged> follow;
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
    this.observations = readers.clients().observations();
  }

  /** Starts applying changes from the store's checkpoint. */
  public void start() {
    Map<Integer, Long> checkpointed = store.appliedOffsets();
    log.info("index feed starts with {} chunks, from offsets {}", store.size(), checkpointed);
    var backOff = new ExponentialBackOff(100, 2);
    backOff.setMaxInterval(5_000);
    follow =
        TopicFollow.of(readers, TOPIC, IndexChanged.class)
            .named(name)
            .from(FollowFrom.offsets(checkpointed))
            .tuning(Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1000))
            .failures(FollowFailures.retryThenDeadLetter(backOff, IllegalArgumentException.class))
            .afterPoll(this::searchable)
            .onCaughtUp(() -> log.info("index caught up: {} chunks searchable", store.size()))
            .start(this::apply);
  }

  /** Waits until every change that was on the topic at start is searchable. */
  public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
    return follow.awaitCaughtUp(timeout);
  }

  /** True once every change that was on the topic at start is searchable. */
  public boolean isCaughtUp() {
    var feed = follow;
    return feed != null && feed.isCaughtUp();
  }

  /** True while the feed's consumer runs. */
  public boolean isFollowing() {
    var feed = follow;
    return feed != null && feed.isRunning();
  }

  /** How far this feed has read towards the topic's ends at its start. */
  public FeedProgress progress() {
    var feed = follow;
    return feed == null
        ? FeedProgress.of(Map.of(), Map.of(), Map.of())
        : FeedProgress.of(feed.ends(), feed.startedFrom(), feed.positions());
  }

  /** When the newest applied change's fact entered the system. */
  public Instant lastAppliedSourceTime() {
    return applied.lastSourceTime();
  }

  /** Stops reading and checkpoints what was applied: a restart goes on from there. */
  @Override
  public void close() {
    var feed = follow;
    if (feed != null) {
      feed.close();
      checkpoints.now(feed.positions());
    }
  }

  /**
   * Applies one change in its trace; a refusal ({@link IllegalArgumentException}) is filed as a
   * dead letter by the follow, a store failure retried with the rest of the poll.
   */
  private void apply(Followed<IndexChanged> record) {
    IndexChanges.Change change = changes.read(record.key(), record.value());
    applyInItsTrace(record.source(), change);
    unsearchable.add(change);
  }

  /** After each poll: its changes made searchable at once, and checkpointed now and then. */
  private void searchable(Map<TopicPartition, Long> positions) {
    if (unsearchable.stream().anyMatch(c -> c.knowledge().isPresent())) {
      waitForRefreshSlot();
    }
    store.refresh();
    applied.searchable(List.copyOf(unsearchable), Instant.now());
    unsearchable.clear();
    checkpoints.ifDue(positions);
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
}
