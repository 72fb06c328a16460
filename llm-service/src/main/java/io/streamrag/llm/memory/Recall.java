package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.RememberedTurn;
import java.util.List;

/**
 * What memory brought to one answer.
 *
 * @param status how memory went: {@code on}, {@code new}, {@code unavailable} or {@code off}
 * @param turns the earlier turns that fit the window, oldest first
 */
public record Recall(String status, List<RememberedTurn> turns) {

  /** Before the memory step ran, or with memory off. */
  public static final Recall NONE = new Recall("off", List.of());

  public Recall {
    turns = List.copyOf(turns);
  }
}
