package io.streamrag.gateway.relay;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.streamrag.kit.kafka.SkippedRecords;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.TopicPartitionOffset;
import reactor.core.publisher.Flux;

/**
 * Relays {@code chat.answers} to the answer streams open on this replica, reading only this
 * replica's share of the topic.
 *
 * <p>The gateway replicas form one consumer group on the topic (cooperative rebalancing), so each
 * reads its own partitions. A new request's id is drawn so that it hashes to one of them ({@link
 * #mint}): llm-service keys the answer's events by request id, so they land where the replica that
 * holds the stream reads. When a rebalance moves a partition away (a replica joined or left), each
 * stream of it still open here is read by the replica's shared reader ({@link AnswerReplays}) from
 * the exact offset the group consumer had reached, until it ends: no event is lost or repeated. A
 * replica with no partition (more replicas than partitions) reads each of its streams that way.
 * Every event of a request is also on the topic for a day, so a stream can be {@link #replay
 * replayed} on any replica.
 */
public final class AnswerRelay implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AnswerRelay.class);

  /**
   * How far before a time a reader by time starts: llm-service's clock may be this much behind the
   * gateway's without an event being missed.
   */
  static final Duration CLOCK_MARGIN = Duration.ofSeconds(30);

  /** How long a minted id counts as this replica's, for the foreign-record count. */
  private static final Duration MINTED_FOR = Duration.ofMinutes(10);

  private final TopicReaders readers;
  private final AnswerReplays replays;
  private final String topic = ChatTopics.CHAT_ANSWERS.name();
  private final LiveStreams live = new LiveStreams();
  private final Set<Integer> owned = ConcurrentHashMap.newKeySet();

  /**
   * The ids minted here in the last {@link #MINTED_FOR}: expired as they age, in constant time per
   * id (a scan of every id per chat was 8 % of the gateway's CPU at 50 chats/s), with upkeep on the
   * calling thread.
   */
  private final Cache<String, Boolean> minted =
      Caffeine.newBuilder()
          .expireAfterWrite(MINTED_FOR)
          .maximumSize(1_000_000)
          .executor(Runnable::run)
          .build();

  private final CountDownLatch firstAssignment = new CountDownLatch(1);
  private final AvroDeserializer avro = new AvroDeserializer();
  private final Counter own;
  private final Counter foreign;
  private final KafkaMessageListenerContainer<String, byte[]> container;
  private volatile int partitions;

  /**
   * Joins the group and returns once it has given this replica its share (possibly none).
   *
   * @throws IllegalStateException if the group has not answered {@code within} that time
   */
  public static AnswerRelay start(
      TopicReaders readers,
      AnswerReplays replays,
      String group,
      Counter own,
      Counter foreign,
      Duration within)
      throws InterruptedException {
    var relay = new AnswerRelay(readers, replays, group, own, foreign);
    relay.container.start();
    if (!relay.firstAssignment.await(within.toMillis(), TimeUnit.MILLISECONDS)) {
      relay.close();
      throw new IllegalStateException(
          "no share of chat.answers from consumer group " + group + " within " + within);
    }
    return relay;
  }

  private AnswerRelay(
      TopicReaders readers, AnswerReplays replays, String group, Counter own, Counter foreign) {
    this.readers = readers;
    this.replays = replays;
    this.own = own;
    this.foreign = foreign;
    this.partitions = readers.ends(topic, Duration.ofSeconds(30)).size();
    var config = readers.clients().consumer("gateway-relay");
    config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    config.put(
        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
        CooperativeStickyAssignor.class.getName());
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
    var consumers =
        readers
            .clients()
            .consumerFactory(config, new StringDeserializer(), new ByteArrayDeserializer());
    var properties = readers.clients().observed(new ContainerProperties(topic));
    properties.setAckMode(ContainerProperties.AckMode.MANUAL); // positions matter only while read
    properties.setConsumerRebalanceListener(new Shares());
    properties.setMessageListener((MessageListener<String, byte[]>) this::onRecord);
    this.container = new KafkaMessageListenerContainer<>(consumers, properties);
    container.setBeanName("gateway-relay");
    readers.watch(container);
  }

  /**
   * A new request id whose events this replica reads: one that hashes to a partition it owns, or
   * any when it owns none.
   */
  public String mint() {
    var mine = Set.copyOf(owned);
    int count = partitions;
    String id = UUID.randomUUID().toString();
    while (!mine.isEmpty() && !mine.contains(RequestPartitions.of(id, count))) {
      id = UUID.randomUUID().toString();
    }
    minted.put(id, Boolean.TRUE);
    return id;
  }

  /**
   * Opens a request's stream, registered now: what arrives before the returned flux is subscribed
   * is buffered. It follows one generation of the answer at a time ({@link Generations}) and ends
   * when its subscriber cancels.
   */
  public Flux<Relayed> open(String requestId) {
    var events = live.open(requestId);
    if (!owned.contains(RequestPartitions.of(requestId, partitions))) {
      handOver(requestId, byTime(requestId, Instant.now()));
    }
    return Generations.follow(events);
  }

  /**
   * Every event of a request from the time it was asked, then as they come, of which the client has
   * those up to {@code after} ({@link Generations}): read by the replica's shared reader ({@link
   * AnswerReplays}) until the flux is cancelled.
   */
  public Flux<Relayed> replay(String requestId, Instant askedAt, EventIds after) {
    return Generations.follow(
        replays.read(requestId, byTime(requestId, askedAt)), after.generation(), after.seq());
  }

  /** Drops the streams of a request that nobody will read (e.g. its publication failed). */
  public void cancel(String requestId) {
    live.removeAll(requestId);
  }

  /** True once the group has given this replica its share and the topic is being read. */
  public boolean isReady() {
    return firstAssignment.getCount() == 0 && container.isRunning();
  }

  /** How many answer streams are open on this replica. */
  public int openStreams() {
    return live.size();
  }

  /** The partitions of {@code chat.answers} this replica reads now. */
  public Set<Integer> ownedPartitions() {
    return Set.copyOf(owned);
  }

  /** The partition a request's events go to. */
  public int partitionOf(String requestId) {
    return RequestPartitions.of(requestId, partitions);
  }

  @Override
  public void close() {
    readers.stop(container);
  }

  private void onRecord(ConsumerRecord<String, byte[]> record) {
    if (record.key() == null) {
      return;
    }
    (minted.getIfPresent(record.key()) != null ? own : foreign).increment();
    if (!live.anyFor(record.key())) {
      return; // nobody here waits for it: not even decoded
    }
    try {
      if (avro.deserialize(topic, record.value()) instanceof AnswerEvent event) {
        live.deliver(record.key(), event);
      }
    } catch (RuntimeException e) {
      SkippedRecords.unreadable(log, record, e);
    }
  }

  /** The open streams of a request are read by the shared reader from {@code from}. */
  private synchronized void handOver(String requestId, TopicPartitionOffset from) {
    for (var stream : live.toHandOver(requestId)) {
      stream.readBy(replays.read(requestId, from).subscribe(stream::emit));
    }
  }

  private TopicPartitionOffset byTime(String requestId, Instant at) {
    return new TopicPartitionOffset(
        topic,
        RequestPartitions.of(requestId, partitions),
        at.minus(CLOCK_MARGIN).toEpochMilli(),
        TopicPartitionOffset.SeekPosition.TIMESTAMP);
  }

  /** This replica's share of the topic, as the group changes it. */
  private final class Shares implements ConsumerAwareRebalanceListener {

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> assigned) {
      partitions = consumer.partitionsFor(topic).size();
      if (!assigned.isEmpty()) {
        // never with none: seekToEnd of no partition moves every assigned one to its end, and a
        // cooperative rebalance ends with an empty assignment call for the partitions kept, whose
        // streams would then skip what was written meanwhile (RelayHandOverTest)
        consumer.seekToEnd(assigned);
      }
      for (var partition : assigned) {
        consumer.position(partition); // resolved now: an id minted after this is read from here
        owned.add(partition.partition());
      }
      if (!assigned.isEmpty()) {
        log.info("relaying chat.answers partitions {} (now {})", numbers(assigned), owned);
      }
      firstAssignment.countDown();
    }

    @Override
    public void onPartitionsRevokedBeforeCommit(
        Consumer<?, ?> consumer, Collection<TopicPartition> revoked) {
      for (var partition : revoked) {
        owned.remove(partition.partition());
        long position = consumer.position(partition);
        var from = new TopicPartitionOffset(topic, partition.partition(), position);
        streamsOf(partition.partition()).forEach(id -> handOver(id, from));
      }
      log.info("gave up chat.answers partitions {} (now {})", numbers(revoked), owned);
    }

    @Override
    public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> lost) {
      Instant now = Instant.now();
      for (var partition : lost) {
        owned.remove(partition.partition());
        streamsOf(partition.partition()).forEach(id -> handOver(id, byTime(id, now)));
      }
      log.warn("lost chat.answers partitions {} (now {})", numbers(lost), owned);
    }

    private java.util.List<String> streamsOf(int partition) {
      return live.keys().stream()
          .filter(id -> RequestPartitions.of(id, partitions) == partition)
          .toList();
    }

    private java.util.List<Integer> numbers(Collection<TopicPartition> partitions) {
      return partitions.stream().map(TopicPartition::partition).sorted().toList();
    }
  }
}
