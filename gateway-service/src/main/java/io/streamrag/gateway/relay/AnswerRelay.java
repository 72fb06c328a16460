package io.streamrag.gateway.relay;

import io.micrometer.core.instrument.Counter;
import io.streamrag.kit.kafka.BindingRebalance;
import io.streamrag.kit.kafka.SkippedRecords;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.support.TopicPartitionOffset;
import reactor.core.publisher.Flux;

/**
 * Relays {@code chat.answers} to the answer streams open on this replica, reading only this
 * replica's share of the topic.
 *
 * <p>The gateway replicas form one consumer group on the topic (cooperative rebalancing): the
 * Spring Cloud Stream binding {@value #BINDING} (gateway-service.yml), which hands each record to
 * {@link #relay} and this replica's share changes to {@link #shares}, so each reads its own
 * partitions. A new request names one of them as its answer's partition ({@link #namePartition}, a
 * header of the request: {@code AnswerPartition}), and llm-service writes every event of the answer
 * there, so they land where the replica that holds the stream reads. When a rebalance moves a
 * partition away (a replica joined or left), each stream of it still open here is read by the
 * replica's shared reader ({@link AnswerReplays}) from the exact offset the group consumer had
 * reached, until it ends: no event is lost or repeated. A replica with no partition (more replicas
 * than partitions) reads each of its streams that way. Every event of a request is also on the
 * topic for a day, so a stream can be {@link #replay replayed} on any replica.
 */
public final class AnswerRelay {

  /** The binding that reads this replica's share of {@code chat.answers} (gateway-service.yml). */
  public static final String BINDING = "answerRelay-in-0";

  private static final Logger log = LoggerFactory.getLogger(AnswerRelay.class);

  /**
   * How far before a time a reader by time starts: llm-service's clock may be this much behind the
   * gateway's without an event being missed.
   */
  static final Duration CLOCK_MARGIN = Duration.ofSeconds(30);

  private final AnswerReplays replays;
  private final String topic = ChatTopics.CHAT_ANSWERS.name();
  private final LiveStreams live = new LiveStreams();

  private final CountDownLatch firstAssignment = new CountDownLatch(1);
  private final AvroDeserializer avro = new AvroDeserializer();
  private final Counter own;
  private final Counter foreign;
  private final AnswerPartitions partitions;

  /** A relay whose binding has not joined the group yet: it owns no partition until it has. */
  public AnswerRelay(TopicReaders readers, AnswerReplays replays, Counter own, Counter foreign) {
    this.replays = replays;
    this.own = own;
    this.foreign = foreign;
    this.partitions = new AnswerPartitions(readers.ends(topic, Duration.ofSeconds(30)).size());
  }

  /**
   * Waits until the group has given this replica its share (possibly none).
   *
   * @throws IllegalStateException if the group has not answered {@code within} that time
   */
  public void awaitShare(String group, Duration within) throws InterruptedException {
    if (!firstAssignment.await(within.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException(
          "no share of chat.answers from consumer group " + group + " within " + within);
    }
  }

  /**
   * The partition a new request's answer is to go to: one this replica reads, in turn, so its
   * streams spread over them; null when it reads none (more replicas than partitions), and the
   * answer goes where its id hashes.
   */
  public Integer namePartition() {
    return partitions.name();
  }

  /**
   * Opens a request's stream, registered now: what arrives before the returned flux is subscribed
   * is buffered. It follows one generation of the answer at a time ({@link Generations}) and ends
   * when its subscriber cancels.
   *
   * @param answerPartition the partition the request named ({@link #namePartition}); null: its id's
   */
  public Flux<Relayed> open(String requestId, Integer answerPartition) {
    int partition = partitions.open(requestId, answerPartition);
    var events = live.open(requestId);
    if (!partitions.owns(partition)) {
      handOver(requestId, byTime(partition, Instant.now()));
    }
    return Generations.follow(events);
  }

  /**
   * Every event of a request from the time it was asked, then as they come, of which the client has
   * those up to {@code after} ({@link Generations}): read by the replica's shared reader ({@link
   * AnswerReplays}) until the flux is cancelled.
   */
  public Flux<Relayed> replay(
      String requestId, Integer answerPartition, Instant askedAt, EventIds after) {
    int partition = partitions.of(requestId, answerPartition);
    return Generations.follow(
        replays.read(requestId, byTime(partition, askedAt)), after.generation(), after.seq());
  }

  /** Drops the streams of a request that nobody will read (e.g. its publication failed). */
  public void cancel(String requestId) {
    live.removeAll(requestId);
  }

  /** True once the group has given this replica its share. */
  public boolean isReady() {
    return firstAssignment.getCount() == 0;
  }

  /** How many answer streams are open on this replica. */
  public int openStreams() {
    return live.size();
  }

  /** The partitions of {@code chat.answers} this replica reads now. */
  public Set<Integer> ownedPartitions() {
    return partitions.owned();
  }

  /** The partition the events of a request opened here go to. */
  public int partitionOf(String requestId) {
    return partitions.of(requestId);
  }

  /**
   * What the group does to this replica's share: {@value #BINDING}'s part of the binder's listener.
   */
  public BindingRebalance shares() {
    return new Shares();
  }

  /** One record of this replica's share, from the binding's consumer thread. */
  public void relay(String key, byte[] value, int partition, long offset) {
    if (key == null) {
      return;
    }
    (partitions.openedHere(key) ? own : foreign).increment();
    if (!live.anyFor(key)) {
      return; // nobody here waits for it: not even decoded
    }
    try {
      if (avro.deserialize(topic, value) instanceof AnswerEvent event) {
        live.deliver(key, event);
      }
    } catch (RuntimeException e) {
      SkippedRecords.unreadable(log, topic, partition, offset, e);
    }
  }

  /** The open streams of a request are read by the shared reader from {@code from}. */
  private synchronized void handOver(String requestId, TopicPartitionOffset from) {
    for (var stream : live.toHandOver(requestId)) {
      stream.readBy(replays.read(requestId, from).subscribe(stream::emit));
    }
  }

  private TopicPartitionOffset byTime(int partition, Instant at) {
    return new TopicPartitionOffset(
        topic,
        partition,
        at.minus(CLOCK_MARGIN).toEpochMilli(),
        TopicPartitionOffset.SeekPosition.TIMESTAMP);
  }

  /**
   * This replica's share of the topic, as the group changes it. Partitions lost (this consumer was
   * fenced) come as revoked too, while the consumer still knows its position in them.
   */
  private final class Shares implements BindingRebalance {

    @Override
    public String binding() {
      return BINDING;
    }

    @Override
    public void assigned(
        Consumer<?, ?> consumer, Collection<TopicPartition> assigned, boolean initial) {
      partitions.count(consumer.partitionsFor(topic).size());
      if (!assigned.isEmpty()) {
        // never with none: seekToEnd of no partition moves every assigned one to its end, and a
        // cooperative rebalance ends with an empty assignment call for the partitions kept, whose
        // streams would then skip what was written meanwhile (RelayHandOverTest)
        consumer.seekToEnd(assigned);
      }
      for (var partition : assigned) {
        consumer.position(partition); // resolved now: a request named after this is read from here
        partitions.own(partition.partition());
      }
      if (!assigned.isEmpty()) {
        log.info(
            "relaying chat.answers partitions {} (now {})", numbers(assigned), partitions.owned());
      }
      firstAssignment.countDown();
    }

    @Override
    public void revokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> revoked) {
      for (var partition : revoked) {
        partitions.disown(partition.partition());
        long position = consumer.position(partition);
        var from = new TopicPartitionOffset(topic, partition.partition(), position);
        streamsOf(partition.partition()).forEach(id -> handOver(id, from));
      }
      if (!revoked.isEmpty()) {
        log.info(
            "gave up chat.answers partitions {} (now {})", numbers(revoked), partitions.owned());
      }
    }

    private java.util.List<String> streamsOf(int partition) {
      return live.keys().stream().filter(id -> partitions.of(id) == partition).toList();
    }

    private java.util.List<Integer> numbers(Collection<TopicPartition> changed) {
      return changed.stream().map(TopicPartition::partition).sorted().toList();
    }
  }
}
