package io.streamrag.llm.intake;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.chat.ChatRequested;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.Acknowledgment;

class AnswerBudgetTest {

  static final TopicPartition P0 = new TopicPartition("chat.requests", 0);
  static final TopicPartition P1 = new TopicPartition("chat.requests", 1);

  /** Answers that end when the test says so. */
  final Map<String, CompletableFuture<Void>> answers = new HashMap<>();

  final List<String> started = new ArrayList<>();
  final List<String> fetching = new ArrayList<>();
  final List<String> committed = new ArrayList<>();

  final AnswerBudget budget =
      new AnswerBudget(
          2,
          (request, answerPartition) -> {
            started.add(request.getRequestId());
            return answers.computeIfAbsent(request.getRequestId(), id -> new CompletableFuture<>());
          },
          new AnswerBudget.Fetching() {
            @Override
            public void pause() {
              fetching.add("pause");
            }

            @Override
            public void resume() {
              fetching.add("resume");
            }
          });

  @Test
  void startsAnswersUpToItsBudgetPausesFetchingThenStartsTheWaitingOnesAsAnswersEnd() {
    offer(P0, 0, "a");
    offer(P0, 1, "b");
    offer(P0, 2, "c");

    assertThat(started).containsExactly("a", "b");
    assertThat(budget.running()).isEqualTo(2);
    assertThat(budget.waiting()).isEqualTo(1);
    assertThat(fetching).containsExactly("pause");

    end("a");

    assertThat(started).containsExactly("a", "b", "c");
    assertThat(budget.waiting()).isZero();

    end("b");

    assertThat(fetching).containsExactly("pause", "resume");
    assertThat(budget.paused()).isFalse();
  }

  @Test
  void commitsAPartitionOnlyUpToItsFirstAnswerStillRunning() {
    offer(P0, 10, "a");
    offer(P0, 11, "b");

    end("b");
    assertThat(committed).isEmpty();

    end("a");
    // one commit covers both: the acknowledgement of the last ended offset
    assertThat(committed).containsExactly("P0@11");
  }

  @Test
  void partitionsCommitIndependently() {
    offer(P0, 5, "a");
    offer(P1, 7, "b");

    end("b");

    assertThat(committed).containsExactly("P1@7");
  }

  @Test
  void aFailedAnswerStillLetsItsOffsetPass() {
    offer(P0, 0, "a");

    answers.get("a").completeExceptionally(new IllegalStateException("boom"));

    assertThat(committed).containsExactly("P0@0");
    assertThat(budget.running()).isZero();
  }

  @Test
  void aSkippedRecordPassesInItsTurn() {
    offer(P0, 0, "a");
    budget.skip(P0, 1, () -> committed.add("P0@1"));

    assertThat(committed).isEmpty();
    end("a");
    assertThat(committed).containsExactly("P0@1");
  }

  @Test
  void revokedPartitionsDropTheirWaitingRequestsAndCommitNothingMore() {
    offer(P0, 0, "a");
    offer(P1, 0, "b");
    offer(P1, 1, "c");

    budget.revoked(List.of(P1));
    end("b");
    end("a");

    // c was left to the partition's next owner; b's commit could have moved its offset back
    assertThat(started).containsExactly("a", "b");
    assertThat(committed).containsExactly("P0@0");
    assertThat(budget.waiting()).isZero();
  }

  @Test
  void partitionsHandedOverWaitForTheirRunningAnswersWhichCommitFirstAndLeaveTheirWaitingOnes() {
    offer(P1, 0, "a");
    offer(P1, 1, "b");
    offer(P1, 2, "c"); // budget of 2: waits

    var handedOver = budget.handOver(List.of(P1));

    // the waiting request is left to the next owner at once; the running ones are waited for
    assertThat(budget.waiting()).isZero();
    assertThat(handedOver).isNotDone();
    end("b");
    assertThat(handedOver).isNotDone();
    end("a");
    // done once both committed: the next owner starts at c, answering neither a nor b again
    assertThat(handedOver).isDone();
    assertThat(committed).containsExactly("P1@1");
    assertThat(started).containsExactly("a", "b");
  }

  @Test
  void aDrainingBudgetStaysPausedAnswersWhatItFetchedAndThenIsDrained() {
    offer(P0, 0, "a");
    offer(P0, 1, "b");
    offer(P0, 2, "c"); // fetched before the drain: still answered
    budget.drain();

    assertThat(budget.drained()).isFalse();
    end("a");
    end("b");
    assertThat(started).containsExactly("a", "b", "c");
    assertThat(budget.drained()).isFalse();
    end("c");

    assertThat(budget.drained()).isTrue();
    assertThat(fetching).containsExactly("pause"); // never resumed
    assertThat(committed).containsExactly("P0@0", "P0@1", "P0@2");
  }

  @Test
  void answersThatEndAtOnceDrainABacklogWithoutDeepRecursion() {
    var instant =
        new AnswerBudget(
            1, (request, answerPartition) -> CompletableFuture.completedFuture(null), noFetching());
    var slow = new CompletableFuture<Void>();
    var first =
        new AnswerBudget(
            1,
            (request, answerPartition) ->
                request.getRequestId().equals("slow")
                    ? slow
                    : CompletableFuture.completedFuture(null),
            noFetching());
    first.offer(P0, 0, () -> {}, request("slow"), OptionalInt.empty());
    for (int i = 1; i <= 20_000; i++) {
      first.offer(P0, i, () -> {}, request("r" + i), OptionalInt.empty());
    }
    assertThat(first.waiting()).isEqualTo(20_000);

    slow.complete(null);

    assertThat(first.waiting()).isZero();
    assertThat(first.running()).isZero();
    instant.offer(P0, 0, () -> {}, request("x"), OptionalInt.empty());
    assertThat(instant.running()).isZero();
  }

  private void offer(TopicPartition partition, long offset, String id) {
    String name = (partition.equals(P0) ? "P0@" : "P1@") + offset;
    Acknowledgment ack = () -> committed.add(name);
    budget.offer(partition, offset, ack, request(id), OptionalInt.empty());
  }

  private void end(String id) {
    answers.get(id).complete(null);
  }

  private static ChatRequested request(String id) {
    return ChatRequested.newBuilder()
        .setRequestId(id)
        .setConversationId("c")
        .setUserId("u")
        .setSensorUuid("s")
        .setPipeline("croplogic")
        .setMessage("m")
        .setLanguage("en")
        .setRequestedAt(java.time.Instant.EPOCH)
        .build();
  }

  private static AnswerBudget.Fetching noFetching() {
    return new AnswerBudget.Fetching() {
      @Override
      public void pause() {}

      @Override
      public void resume() {}
    };
  }
}
