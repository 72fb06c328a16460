package io.streamrag.llm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.text.Tokens;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryWindowTest {

  final Instant t = Instant.EPOCH;
  final List<io.streamrag.schemas.chat.RememberedTurn> turns =
      List.of(
          Turns.turn("1", "first question", "first answer", t),
          Turns.turn("2", "second question", "second answer", t),
          Turns.turn("3", "third question", "third answer", t));

  @Test
  void theNewestTurnsUpToTheTurnLimitAreKeptOldestFirst() {
    assertThat(MemoryWindow.fit(turns, 2, 10_000))
        .extracting(r -> r.getRequestId())
        .containsExactly("2", "3");
  }

  @Test
  void theTokenLimitDropsOlderTurnsFirstAndNeverLeavesAHole() {
    int one = Tokens.count("third question") + Tokens.count("third answer");

    assertThat(MemoryWindow.fit(turns, 10, one + 1))
        .extracting(r -> r.getRequestId())
        .containsExactly("3");
  }

  @Test
  void aNewestTurnLargerThanTheBudgetLeavesNoHistory() {
    assertThat(MemoryWindow.fit(turns, 10, 2)).isEmpty();
  }
}
