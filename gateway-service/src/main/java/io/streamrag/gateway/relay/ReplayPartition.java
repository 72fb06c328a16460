package io.streamrag.gateway.relay;

import io.streamrag.schemas.chat.AnswerEvent;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.FluxSink;

/**
 * Who reads one partition of {@code chat.answers} through the shared reader ({@link AnswerReplays})
 * and from where, and where the reader must go for them.
 *
 * <p>Each registration wants its request's records from its own start offset. One that starts at or
 * after the record the reader hands over next is simply given them as they come. One that starts
 * earlier (or on a partition nobody read) waits while the reader is moved back ({@link #moveTo}, on
 * the consumer thread, once every record already fetched was handed over); the records read again
 * are skipped for every registration that was given them already ({@code next}), so nobody gets an
 * event twice or out of order.
 */
final class ReplayPartition {

  /** One request's read: its events from {@code next} on. */
  static final class Registration {
    final String requestId;
    final FluxSink<AnswerEvent> sink;

    /** The lowest offset this registration may still be given. */
    private long next;

    /** False while it waits for the reader to come back to {@link #next}. */
    private boolean following;

    Registration(String requestId, long start, FluxSink<AnswerEvent> sink) {
      this.requestId = requestId;
      this.next = start;
      this.sink = sink;
    }
  }

  private final List<Registration> registrations = new ArrayList<>();

  /** The offset after the last record handed over: where the reader goes on, as far as known. */
  private long handedUpTo;

  /** A move asked for and not made yet: it will take every registration waiting when it runs. */
  private boolean moving;

  /**
   * Adds a registration.
   *
   * @return true when the reader must be moved for it (the caller asks the consumer for {@link
   *     #moveTo}); false when it is followed as things are
   */
  synchronized boolean add(Registration registration) {
    boolean idle = registrations.isEmpty();
    registrations.add(registration);
    if (!idle && !moving && registration.next >= handedUpTo) {
      registration.following = true;
      return false;
    }
    if (moving) {
      return false; // the move asked for will take it
    }
    moving = true;
    return true;
  }

  /**
   * Removes a registration.
   *
   * @return true when none is left: the partition need not be read
   */
  synchronized boolean remove(Registration registration) {
    registrations.remove(registration);
    return registrations.isEmpty();
  }

  /**
   * The reader was (re)assigned the partition at a position of its own (it started, or started
   * again): every registration waits for a move, each keeping what it was given.
   *
   * @return true when there is any, and so the reader must be moved
   */
  synchronized boolean reassigned() {
    registrations.forEach(r -> r.following = false);
    moving = !registrations.isEmpty();
    return moving;
  }

  /** True when nobody reads this partition. */
  synchronized boolean idle() {
    return registrations.isEmpty();
  }

  synchronized int size() {
    return registrations.size();
  }

  /**
   * Where the reader goes next, given its position {@code current}: back to the earliest start of
   * those waiting; forward past what nobody wants when no registration follows it (a partition read
   * again after a pause). Called on the consumer thread before its next poll.
   */
  synchronized long moveTo(long current) {
    moving = false;
    boolean anyFollowing = false;
    long earliestWaiting = Long.MAX_VALUE;
    for (var r : registrations) {
      if (r.following) {
        anyFollowing = true;
      } else {
        earliestWaiting = Math.min(earliestWaiting, r.next);
      }
    }
    if (earliestWaiting == Long.MAX_VALUE) {
      return current;
    }
    long target = anyFollowing ? Math.min(current, earliestWaiting) : earliestWaiting;
    registrations.forEach(r -> r.following = true);
    handedUpTo = target;
    return target;
  }

  /**
   * The registrations that get the record at {@code offset} of {@code requestId} (called for every
   * record read, in order, on the consumer thread), each moved past it.
   */
  synchronized List<Registration> take(String requestId, long offset) {
    handedUpTo = offset + 1;
    List<Registration> to = null;
    for (var r : registrations) {
      if (r.following && offset >= r.next && r.requestId.equals(requestId)) {
        r.next = offset + 1;
        if (to == null) {
          to = new ArrayList<>(1);
        }
        to.add(r);
      }
    }
    return to == null ? List.of() : to;
  }
}
