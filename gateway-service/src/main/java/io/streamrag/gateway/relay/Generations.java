package io.streamrag.gateway.relay;

import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.TraceSteps;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Flux;

/**
 * Which answer events of a request a client gets: one generation's, never two spliced.
 *
 * <p>An answer whose llm-service instance died is answered again by another instance: a new
 * generation ({@code AnswerEvent.generation}), numbered from seq 0 again. A stream follows one
 * generation at a time. A generation it has not seen before replaces the one it follows: if the
 * client was sent anything of the old one, a {@link Relayed.Reset} comes first, then the new
 * generation from its start. Events of a generation it replaced are dropped, whenever they arrive
 * (an instance that lost its partitions but not its life may still be writing). Within a
 * generation, an event already passed on (two readers overlapping for a moment, a replay) is
 * dropped by its seq: no token is shown twice.
 *
 * <p>"Newer" means first seen later on the request's partition, not a later start time: every event
 * of a request is on one partition, read in the same order by every replica and every replay, while
 * the instances' clocks may disagree by seconds.
 */
public final class Generations {

  private Generations() {}

  /** Follows the events of a new stream, of which the client has nothing yet. */
  public static Flux<Relayed> follow(Flux<AnswerEvent> events) {
    return follow(events, -1, -1);
  }

  /**
   * Follows the events of a stream whose client has generation {@code generation} up to {@code seq}
   * (a resumed stream, {@link EventIds}): of those, and of the generations before it, nothing is
   * sent again.
   */
  public static Flux<Relayed> follow(Flux<AnswerEvent> events, int generation, int seq) {
    return Flux.defer(
        () -> {
          var follower = new Follower(generation, seq);
          return events.concatMapIterable(follower::next);
        });
  }

  /** One stream's state; called by one thread at a time (a flux's signals are serial). */
  private static final class Follower {
    private final int afterGeneration;
    private final int afterSeq;
    private final List<String> seen = new ArrayList<>();
    private int current = -1;
    private int lastSeq = -1;
    private boolean had;
    private boolean shown;

    Follower(int afterGeneration, int afterSeq) {
      this.afterGeneration = afterGeneration;
      this.afterSeq = afterSeq;
    }

    List<Relayed> next(AnswerEvent e) {
      var out = new ArrayList<Relayed>(2);
      String key = e.getGeneration() == null ? "" : e.getGeneration();
      int index = seen.indexOf(key);
      if (index < 0) {
        seen.add(key);
        index = seen.size() - 1;
        // a generation never seen: it replaces the one followed
        if (index > afterGeneration && had) {
          out.add(new Relayed.Reset(index, shown));
        }
        current = index;
        lastSeq = -1;
        had = false;
        shown = false;
      } else if (index != current) {
        return out; // superseded
      }
      if (first(e) <= lastSeq) {
        return out; // passed on already
      }
      lastSeq = last(e);
      if (index < afterGeneration) {
        return out; // the client follows a later generation
      }
      // passed on even when the client has it: what it carries may be wanted (citations that go
      // with a final chunk); the event says which of it the client has
      out.add(new Relayed.Event(e, index, index == afterGeneration ? afterSeq : -1));
      had = true;
      shown |= e.getType() != AnswerEventType.META;
      return out;
    }

    /** The seq of the first event the record carries: its first preceding one, or its own. */
    private static int first(AnswerEvent e) {
      return e.getPreceding().isEmpty() ? e.getSeq() : first(e.getPreceding().get(0));
    }

    /** The seq of the last event the record becomes: its own, or its last trace step's. */
    private static int last(AnswerEvent e) {
      return e.getSeq() + Math.max(0, TraceSteps.of(e).size() - 1);
    }
  }
}
