package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.FollowFrom;
import io.streamrag.kit.kafka.Followed;
import io.streamrag.kit.kafka.TopicFollow;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.support.TopicPartitionOffset;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * The one reader of {@code chat.answers} (no group) behind every resumed stream and every stream
 * whose partition this replica does not read: a request's events from a given offset or time, then
 * as they come, for as long as its flux is subscribed. However many such streams are open, the
 * replica holds one Kafka consumer for them (a reader each cost a consumer, its connections, its
 * buffers and a thread per resume).
 *
 * <p>The reader is a {@link TopicFollow} from the end, started with the first read, and reads only
 * the partitions somebody reads (the others are paused). A read from earlier than where the reader
 * is moves it back (the follow's seek, computed on its consumer thread), and those it already gave
 * the records read again skip them ({@link ReplayPartition}). Like every follow it is stopped with
 * the context and shown in the consumers' health should it die; an unreadable record is logged and
 * skipped.
 *
 * <p>A read ends when its subscriber cancels, which the chat handlers do once the terminal event of
 * the generation they follow passed ({@link Generations}): the reader itself cannot tell an
 * answer's last terminal event from that of a generation superseded later.
 */
public final class AnswerReplays implements AutoCloseable {

  /** The reader's container id and client id. */
  static final String NAME = "gateway-replay";

  /**
   * How long a poll waits: a move for a new read waits for the poll under way, so this bounds how
   * late a resumed stream's first event can be.
   */
  private static final Duration POLL_TIMEOUT = Duration.ofMillis(250);

  private static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(30);

  private final TopicReaders readers;
  private final Admin admin;
  private final String topic = ChatTopics.CHAT_ANSWERS.name();
  private volatile ReplayPartition[] partitions;
  private TopicFollow<AnswerEvent> follow;

  public AnswerReplays(TopicReaders readers) {
    this.readers = readers;
    this.admin = Admin.create(readers.clients().admin());
  }

  /**
   * One request's events from {@code from} (an offset, or a time), then as they come, until the
   * flux is cancelled: registered when subscribed, off the event loop (a time is looked up on the
   * broker).
   */
  public Flux<AnswerEvent> read(String requestId, TopicPartitionOffset from) {
    return Flux.<AnswerEvent>create(
            sink -> {
              long start = absolute(from);
              var reader = started();
              int p = from.getPartition();
              var partition = partitions[p];
              var registration = new ReplayPartition.Registration(requestId, start, sink);
              synchronized (partition) {
                reader.resume(p);
                if (partition.add(registration)) {
                  move(reader, p);
                }
              }
              sink.onDispose(() -> leave(reader, p, registration));
            })
        .subscribeOn(Schedulers.boundedElastic());
  }

  /** How many Kafka consumers read for the replays: 1 once the first was asked for, else 0. */
  public synchronized int consumers() {
    return follow != null && follow.isRunning() ? 1 : 0;
  }

  /** How many reads are registered now. */
  public int registrations() {
    var all = partitions;
    return all == null ? 0 : Arrays.stream(all).mapToInt(ReplayPartition::size).sum();
  }

  @Override
  public synchronized void close() {
    if (follow != null) {
      follow.close();
    }
    admin.close(Duration.ZERO); // a lookup still waiting has nobody left to answer
  }

  private synchronized TopicFollow<AnswerEvent> started() {
    if (follow != null) {
      return follow;
    }
    int count = readers.ends(topic, LOOKUP_TIMEOUT).size();
    var all = new ReplayPartition[count];
    Arrays.setAll(all, i -> new ReplayPartition());
    partitions = all;
    follow =
        TopicFollow.of(readers, topic, AnswerEvent.class)
            .named(NAME)
            .from(FollowFrom.end())
            .pollTimeout(POLL_TIMEOUT)
            .paused() // until somebody reads a partition
            .onAssigned(this::assigned)
            .start(this::handOver);
    return follow;
  }

  private void leave(
      TopicFollow<AnswerEvent> reader, int p, ReplayPartition.Registration registration) {
    var partition = partitions[p];
    synchronized (partition) {
      if (partition.remove(registration)) {
        reader.pause(p);
      }
    }
  }

  /**
   * Asks the consumer to move on partition {@code p} where its registrations need it, before its
   * next poll; before the reader's first assignment there is nothing to move, and the assignment
   * does it.
   */
  private void move(TopicFollow<AnswerEvent> reader, int p) {
    reader.seek(p, current -> partitions[p].moveTo(current));
  }

  /** The reader (re)started at its own positions: whoever reads a partition waits for a move. */
  private void assigned(TopicFollow<AnswerEvent> reader, Collection<Integer> assigned) {
    for (int p : assigned) {
      var partition = partitions[p];
      synchronized (partition) {
        if (partition.reassigned()) {
          move(reader, p);
        }
      }
    }
  }

  /** Hands a record to the registrations that want it; on the consumer thread. */
  private void handOver(Followed<AnswerEvent> record) {
    var to = partitions[record.partition()].take(record.key(), record.offset());
    if (to.isEmpty()) {
      return; // nobody here waits for it: not even decoded
    }
    AnswerEvent event = record.value(); // an unreadable record throws: the follow skips it
    if (event != null) {
      to.forEach(r -> r.sink.next(event));
    }
  }

  /**
   * A position by time as an offset, resolved now: by time alone, a partition with nothing written
   * since would be read from its end as of the reader's next poll, and an answer's first events
   * written meanwhile would be skipped (its meta, when a stream opened on a replica that owned no
   * partition yet: KeyReplayTest). The end is asked first: a record written after it is at or past
   * it, so it is read even when its time is before {@code from} (another host's clock).
   */
  private long absolute(TopicPartitionOffset from) {
    if (from.getPosition() != TopicPartitionOffset.SeekPosition.TIMESTAMP) {
      return from.getOffset();
    }
    var partition = new TopicPartition(topic, from.getPartition());
    long end = offset(partition, OffsetSpec.latest());
    long at = offset(partition, OffsetSpec.forTimestamp(from.getOffset()));
    return at < 0 ? end : Math.min(at, end);
  }

  /** An offset looked up with the one admin client, not a consumer per lookup; -1 when none. */
  private long offset(TopicPartition partition, OffsetSpec spec) {
    try {
      return admin
          .listOffsets(Map.of(partition, spec))
          .partitionResult(partition)
          .get(LOOKUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
          .offset();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while looking up " + partition, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("cannot look up offsets of " + partition, e);
    }
  }
}
