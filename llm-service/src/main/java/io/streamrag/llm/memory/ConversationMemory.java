package io.streamrag.llm.memory;

import io.streamrag.llm.prerun.AnswerAdvisor;
import io.streamrag.llm.prerun.Finished;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.provider.Futures;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Memory (S0.7), both sides of an answer. Before (pre-run step 4): the conversation's earlier turns
 * within the pipeline's window. An unreachable store degrades to no memory, logged and flagged; it
 * never fails the chat. A request that carries its earlier turns (the OpenAI-compatible API) is
 * given those, in the same window, and the store is neither read nor written. The query runs on the
 * memory readers, off the answer's path: the answer waits for it without a thread. After: the new
 * turn and the answer's trace are written in the background; the {@code done} never waits for them.
 */
public final class ConversationMemory implements AnswerAdvisor {

  private static final Logger log = LoggerFactory.getLogger(ConversationMemory.class);

  /** The longest a turn waits for its conversation's previous turn to be written. */
  private static final Duration SETTLE = Duration.ofMillis(500);

  private final ConversationStore store;
  private final TurnRecorder recorder;
  private final Executor reads;
  private final Clock clock;

  /**
   * @param reads a bounded, Spring-managed executor for the store's queries (JDBC waits on its
   *     socket, so never on the answer's threads)
   */
  public ConversationMemory(
      ConversationStore store, TurnRecorder recorder, Executor reads, Clock clock) {
    this.store = store;
    this.recorder = recorder;
    this.reads = reads;
    this.clock = clock;
  }

  @Override
  public CompletableFuture<Preparation> apply(Preparation preparation) {
    var settings = preparation.settings();
    if (settings.memoryMaxTurns() <= 0 || settings.memoryMaxTokens() <= 0) {
      return CompletableFuture.completedFuture(preparation.withRecall(Recall.NONE));
    }
    ChatRequested request = preparation.request();
    if (request.getHistory() != null) {
      // the client holds this conversation (the OpenAI-compatible API): its turns, nothing stored
      var given = GivenTurns.of(request);
      return CompletableFuture.completedFuture(
          preparation.withRecall(
              new Recall(
                  Recall.GIVEN,
                  MemoryWindow.fit(given, settings.memoryMaxTurns(), settings.memoryMaxTokens()))));
    }
    if (request.getNewConversation()) {
      // started by the gateway for this very question: there is nothing to read yet
      return CompletableFuture.completedFuture(
          preparation.withRecall(new Recall(Recall.NEW, List.of())));
    }
    var key = keyOf(request);
    return recorder
        .settled(key, SETTLE)
        .thenApplyAsync(settled -> store.recent(key, settings.memoryMaxTurns()), reads)
        .handle(
            (turns, error) -> {
              if (error != null) {
                log.warn(
                    "answering {} without memory: {}",
                    request.getRequestId(),
                    Futures.cause(error).getMessage());
                return preparation.withRecall(new Recall("unavailable", List.of()));
              }
              var window =
                  MemoryWindow.fit(turns, settings.memoryMaxTurns(), settings.memoryMaxTokens());
              return preparation.withRecall(
                  new Recall(turns.isEmpty() ? Recall.NEW : "on", window));
            });
  }

  /** Keeps the turn (unless memory is off or the client holds the conversation) and the trace. */
  @Override
  public void after(Preparation preparation, Finished answer) {
    recorder.record(
        Remembered.turn(preparation, answer, clock.instant()),
        Remembered.trace(preparation, answer),
        preparation.recall().remembers());
  }

  /** The conversation a request belongs to. */
  public static ConversationKey keyOf(ChatRequested request) {
    return new ConversationKey(
        request.getConversationId(), request.getUserId(), request.getSensorUuid());
  }
}
