package io.streamrag.gateway.relay;

import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;

/**
 * What a chat stream relays, once {@link Generations} has chosen which answer events a client gets:
 * an event of the generation it follows, or the news that the answer restarted.
 */
public sealed interface Relayed {

  /**
   * An answer event of the generation followed.
   *
   * @param generation the generation's number on this stream: 0 for the first the stream saw, 1 for
   *     the one that replaced it, …; part of every event id ({@link EventIds})
   * @param after the client already has this generation's events up to this seq (-1: none): those
   *     the record carries up to it are not sent again (a resumed stream)
   */
  record Event(AnswerEvent event, int generation, int after) implements Relayed {

    /** An event made here (e.g. a stage stopped), outside any generation. */
    public static Event ours(AnswerEvent event) {
      return new Event(event, 0, -1);
    }

    /** Whether the stream ends with it. */
    public boolean ends() {
      return event.getType() == AnswerEventType.DONE || event.getType() == AnswerEventType.ERROR;
    }
  }

  /**
   * The answer restarted: its instance died and another answers it from the start. What the client
   * has of the generation before must be forgotten, and the new one follows from its start.
   *
   * @param generation the new generation's number on this stream
   * @param shown whether the client has been shown anything of the answer beyond its {@code meta}
   *     (text, trace steps, citations), which it must now take back
   */
  record Reset(int generation, boolean shown) implements Relayed {}

  /** True for the event that ends the stream. */
  static boolean ends(Relayed relayed) {
    return relayed instanceof Event e && e.ends();
  }
}
