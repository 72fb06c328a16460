package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.RememberedTurn;
import java.util.List;

/**
 * What memory brought to one answer.
 *
 * @param status how memory went: {@code on}, {@code new}, {@code unavailable}, {@code off}, or
 *     {@code given} (the request carried its earlier turns: nothing is read or stored)
 * @param turns the earlier turns that fit the window, oldest first
 */
public record Recall(String status, List<RememberedTurn> turns) {

  /** Before the memory step ran, or with memory off. */
  public static final Recall NONE = new Recall("off", List.of());

  /** The status of a conversation with no turn yet. */
  public static final String NEW = "new";

  /** The status of turns the request carried. */
  public static final String GIVEN = "given";

  /**
   * Whether this answer's turn is to be stored: memory is on and the turns are not the client's.
   */
  public boolean remembers() {
    return !"off".equals(status) && !GIVEN.equals(status);
  }

  public Recall {
    turns = List.copyOf(turns);
  }
}
