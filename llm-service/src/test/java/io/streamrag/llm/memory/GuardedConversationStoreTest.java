package io.streamrag.llm.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** A database that is down costs a chat one short timeout, then nothing until it is tried again. */
class GuardedConversationStoreTest {

  final ConversationKey key = new ConversationKey("c", "u", "s");

  @Test
  void whileTheDatabaseIsDownCallsFailAtOnceWithAClearReason() throws Exception {
    int closedPort;
    try (var socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    try (var data =
        PostgresConversationStoreTest.dataSource(
            "jdbc:postgresql://127.0.0.1:" + closedPort + "/postgres")) {
      var store =
          new GuardedConversationStore(
              new PostgresConversationStore(data, 1, new JsonMapper(), Clock.systemUTC()),
              Duration.ofMinutes(1));

      // the first two calls reach the database and fail, which opens the breaker
      for (int i = 0; i < 2; i++) {
        assertThatThrownBy(() -> store.recent(key, 6))
            .isInstanceOf(ConversationStore.MemoryUnavailable.class)
            .hasMessageContaining("conversation database");
      }
      assertThat(store.state()).isEqualTo("OPEN");

      // then a call is refused without trying
      long t0 = System.nanoTime();
      assertThatThrownBy(() -> store.recent(key, 6))
          .isInstanceOf(ConversationStore.MemoryUnavailable.class)
          .hasMessageContaining("skipped");
      System.out.printf(
          "a refused memory call took %.2f ms%n", (System.nanoTime() - t0) / 1_000_000.0);
    }
  }

  @Test
  void valuesTheDatabaseRefusesDoNotSwitchMemoryOffForEveryone() {
    // given a store whose every write is refused for its data, as PostgreSQL refuses a NUL
    var refusing =
        new GuardedConversationStore(
            new NoConversations() {
              @Override
              public void save(StoredTurn turn) {
                throw new ConversationStore.RecordRefused("refused a value", null);
              }
            },
            Duration.ofMinutes(1));

    // when many such writes fail
    for (int i = 0; i < 10; i++) {
      assertThatThrownBy(() -> refusing.save(null))
          .isInstanceOf(ConversationStore.RecordRefused.class);
    }

    // then the breaker stays closed: other users' memory goes on
    assertThat(refusing.state()).isEqualTo("CLOSED");
    assertThat(refusing.recent(key, 6)).isEmpty();
  }
}
