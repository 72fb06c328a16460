package io.streamrag.llm.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.openai.ModelCalls;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TurnRecorderTest {

  final ExecutorService writer = Executors.newSingleThreadExecutor();
  final CountDownLatch release = new CountDownLatch(1);
  final List<String> saved = new ArrayList<>();
  final ConversationKey key = new ConversationKey("c", "u", "s");

  /** A store whose writes wait for the test to let them through. */
  final ConversationStore slow =
      new NoConversations() {
        @Override
        public void save(StoredTurn turn) {
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          synchronized (saved) {
            saved.add(turn.turn().getRequestId());
          }
        }
      };

  final TurnRecorder recorder = new TurnRecorder(slow, writer, ModelCalls.THREADS.timers());

  @AfterEach
  void stop() {
    writer.shutdownNow();
  }

  @Test
  void recordingReturnsAtOnceAndSettledWaitsForTheConversationsWrite() throws Exception {
    // the write is held back by the store, yet recording returns
    recorder.record(new StoredTurn(key, "croplogic", Turns.turn("r1", "q", "a", Instant.EPOCH)));
    synchronized (saved) {
      assertThat(saved).isEmpty();
    }

    var settled = recorder.settled(key, Duration.ofSeconds(10));
    assertThat(settled).isNotDone();

    release.countDown();

    settled.get(5, java.util.concurrent.TimeUnit.SECONDS);
    synchronized (saved) {
      assertThat(saved).containsExactly("r1");
    }
    assertThat(recorder.written()).isEqualTo(1);
  }

  @Test
  void settledDoesNotWaitForOtherConversations() {
    recorder.record(new StoredTurn(key, "croplogic", Turns.turn("r1", "q", "a", Instant.EPOCH)));

    // done while this conversation's write is still held back
    assertThat(recorder.settled(new ConversationKey("other", "u", "s"), Duration.ofMinutes(5)))
        .isDone();

    synchronized (saved) {
      assertThat(saved).isEmpty();
    }
    release.countDown();
  }

  @Test
  void settledGivesUpAfterItsTimeoutWhileTheWriteIsStillHeldBack() throws Exception {
    recorder.record(new StoredTurn(key, "croplogic", Turns.turn("r1", "q", "a", Instant.EPOCH)));

    recorder.settled(key, Duration.ofMillis(50)).get(5, java.util.concurrent.TimeUnit.SECONDS);

    synchronized (saved) {
      assertThat(saved).isEmpty();
    }
    release.countDown();
  }
}
