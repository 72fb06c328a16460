package io.streamrag.llm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.config.PipelineSettings;
import io.streamrag.llm.prerun.Finished;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.provider.Answer;
import io.streamrag.llm.provider.openai.ModelCalls;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Memory's two halves alone (the recall before the answer, the turn kept after it), on the real
 * PostgreSQL store.
 */
class ConversationMemoryTest {

  // its own pool: PostgresConversationStoreTest closes its pool when it ends, and with two test
  // JVMs either class may run first
  static final HikariDataSource DATA =
      PostgresConversationStoreTest.dataSource(LocalPostgres.shared().jdbcUrl());
  final ConversationStore store =
      new GuardedConversationStore(
          new PostgresConversationStore(DATA, 2, new JsonMapper(), Clock.systemUTC()),
          Duration.ofSeconds(10));

  @AfterAll
  static void close() {
    DATA.close();
  }

  final ConversationMemory step =
      new ConversationMemory(
          store,
          new TurnRecorder(store, Executors.newSingleThreadExecutor(), ModelCalls.THREADS.timers()),
          Runnable::run,
          Clock.systemUTC());
  final ChatRequested request =
      ChatRequested.newBuilder(Contexts.request("r", "و فردا؟", "fa"))
          .setConversationId(UUID.randomUUID().toString())
          .build();

  Preparation prepared(int turns, int tokens) {
    return Preparation.of(request)
        .withConfig(new PipelineSettings("croplogic", "i", "d", turns, tokens), Map.of());
  }

  /** Another message of the conversation, in the window of 6 turns and 1,500 tokens. */
  static Preparation prepared(ChatRequested message) {
    return Preparation.of(message)
        .withConfig(new PipelineSettings("croplogic", "i", "d", 6, 1500), Map.of());
  }

  @Test
  void anAnswerFinishedIsRecalledByTheConversationsNextMessage() throws Exception {
    // Given a first question recalled (a new conversation) and answered
    var first = step.apply(prepared(6, 1500)).join();
    var answered = first.withContext(Contexts.persianMoisture(request.getRequestId()));
    step.after(
        answered,
        new Finished(
            "رطوبت خاک ۳۲٪ است",
            List.of(),
            new Answer(List.of(), "extractive", "none", Answer.TokenUsage.NONE),
            Instant.now().minusMillis(40),
            12,
            "classic",
            null));

    // When the conversation's next message is prepared
    var next = ChatRequested.newBuilder(request).setRequestId("r2").setMessage("و فردا؟").build();
    var recall = step.apply(prepared(next)).join().recall();

    // Then it recalls the answer kept after the first
    assertThat(recall.status()).isEqualTo("on");
    assertThat(recall.turns())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.getRequestId()).isEqualTo(request.getRequestId());
              assertThat(t.getAnswer()).isEqualTo("رطوبت خاک ۳۲٪ است");
            });
  }

  @Test
  void aFirstMessageFindsANewConversation() {
    var recall = step.apply(prepared(6, 1500)).join().recall();

    assertThat(recall.status()).isEqualTo("new");
    assertThat(recall.turns()).isEmpty();
  }

  @Test
  void aLaterMessageGetsTheTurnsThatFitTheWindow() {
    var key = ConversationMemory.keyOf(request);
    for (int i = 1; i <= 3; i++) {
      store.save(
          new StoredTurn(
              key,
              "croplogic",
              Turns.turn(
                  "t" + i + request.getConversationId(),
                  "q" + i,
                  "a" + i,
                  Instant.now().plusSeconds(i))));
    }

    var recall = step.apply(prepared(2, 1500)).join().recall();

    assertThat(recall.status()).isEqualTo("on");
    assertThat(recall.turns()).extracting(t -> t.getQuestion()).containsExactly("q2", "q3");
  }

  @Test
  void aConversationTheGatewayJustStartedIsNewWithoutAskingTheStore() {
    // Given the gateway's word that the conversation began with this question, and a store that is
    // unreachable (so any read would show as "unavailable")
    var started = ChatRequested.newBuilder(request).setNewConversation(true).build();
    var down =
        new ConversationMemory(
            unreachable(),
            new TurnRecorder(store, Runnable::run, ModelCalls.THREADS.timers()),
            Runnable::run,
            Clock.systemUTC());

    // When its memory is recalled
    var recall = down.apply(prepared(started)).join().recall();

    // Then it is new, nothing was read, and the turn it answers will be remembered
    assertThat(recall.status()).isEqualTo("new");
    assertThat(recall.turns()).isEmpty();
    assertThat(recall.remembers()).isTrue();
  }

  @Test
  void aPipelineWithMemoryOffReadsNothing() {
    assertThat(step.apply(prepared(0, 1500)).join().recall().status()).isEqualTo("off");
  }

  @Test
  void anUnreachableStoreGivesNoMemoryFlaggedUnavailable() {
    var down =
        new ConversationMemory(
            unreachable(),
            new TurnRecorder(
                store, Executors.newSingleThreadExecutor(), ModelCalls.THREADS.timers()),
            Runnable::run,
            Clock.systemUTC());

    var recall = down.apply(prepared(6, 1500)).join().recall();

    assertThat(recall.status()).isEqualTo("unavailable");
    assertThat(recall.turns()).isEmpty();
  }

  private static ConversationStore unreachable() {
    return new GuardedConversationStore(
        new PostgresConversationStore(
            PostgresConversationStoreTest.dataSource("jdbc:postgresql://127.0.0.1:1/x"),
            1,
            new tools.jackson.databind.json.JsonMapper(),
            java.time.Clock.systemUTC()),
        Duration.ofMinutes(1));
  }
}
