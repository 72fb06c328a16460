package io.streamrag.llm.memory;

import io.streamrag.kit.text.Tokens;
import io.streamrag.schemas.chat.RememberedTurn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which earlier turns go into the prompt: the newest first, at most {@code maxTurns}, while their
 * questions and answers together fit {@code maxTokens} (counted as the model counts them). A turn
 * that does not fit ends the window: an older one is never kept in place of a newer one, so the
 * model never sees a conversation with a hole in it.
 */
public final class MemoryWindow {

  private MemoryWindow() {}

  /** The turns that fit, oldest first, from turns given oldest first. */
  public static List<RememberedTurn> fit(List<RememberedTurn> turns, int maxTurns, int maxTokens) {
    var kept = new ArrayList<RememberedTurn>();
    int tokens = 0;
    for (int i = turns.size() - 1; i >= 0 && kept.size() < maxTurns; i--) {
      RememberedTurn turn = turns.get(i);
      tokens += Tokens.count(turn.getQuestion()) + Tokens.count(turn.getAnswer());
      if (tokens > maxTokens) {
        break;
      }
      kept.add(turn);
    }
    Collections.reverse(kept);
    return kept;
  }
}
