package io.streamrag.retrieval.tool;

import static io.streamrag.retrieval.tool.ToolFixture.MINE;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.retrieval.store.GuardedChunkStore;
import io.streamrag.schemas.chat.FailedKnowledgeBase;
import io.streamrag.schemas.chat.KnowledgeResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * S2.2: a KB that fails or is too slow lands in failed_kbs with its reason, and the others' results
 * still come. The KBs of a call are searched at the same time, so a slow one costs its own time.
 */
class PartialFailureTest {

  static final List<String> BOTH = List.of("irrigation", "fertilization");

  final ToolFixture fixture = new ToolFixture();
  final ObservedStore store = new ObservedStore(fixture.lucene);

  @AfterEach
  void close() {
    store.release();
    fixture.close();
  }

  @Test
  void whenOneKbFailsThenItsReasonComesBesideTheOtherKbsResults() {
    // given fertilization's searches fail behind the service's time-limited store
    store.with("fertilization", ObservedStore.Trouble.FAIL);
    try (var guarded = new GuardedChunkStore(store, Duration.ofSeconds(2), 2)) {
      var tool = fixture.tool(guarded, Duration.ofSeconds(10));

      // when the model asks both KBs
      var reply = tool.answer(ToolFixture.query(MINE, BOTH, "irrigation water", 5));

      // then irrigation answers and fertilization is reported failed, with the store's reason
      assertThat(reply.getError()).isNull();
      assertThat(reply.getFailedKbs())
          .containsExactly(
              new FailedKnowledgeBase("fertilization", "the index failed: disk on fire"));
      assertThat(reply.getResults())
          .isNotEmpty()
          .extracting(KnowledgeResult::getKnowledgeBaseId)
          .containsOnly("irrigation", "__all__");
    }
  }

  @Test
  void whenOneKbIsTooSlowThenTheStoresTimeLimitFailsItAlone() {
    // given fertilization's searches hang, behind a store that answers within 300 ms or fails
    store.with("fertilization", ObservedStore.Trouble.HANG);
    try (var guarded = new GuardedChunkStore(store, Duration.ofMillis(300), 2)) {
      var tool = fixture.tool(guarded, Duration.ofSeconds(10));

      // when the model asks both KBs
      var reply = tool.answer(ToolFixture.query(MINE, BOTH, "irrigation water", 5));

      // then
      assertThat(reply.getFailedKbs())
          .containsExactly(
              new FailedKnowledgeBase("fertilization", "the index did not answer within 300 ms"));
      assertThat(reply.getResults())
          .extracting(KnowledgeResult::getKnowledgeBaseId)
          .contains("irrigation");
    }
  }

  @Test
  void theKbsOfOneCallAreSearchedAtTheSameTime() {
    // given two KBs whose searches each wait until the other one's has started
    store
        .with("irrigation", ObservedStore.Trouble.MEET)
        .with("fertilization", ObservedStore.Trouble.MEET);
    var tool = fixture.tool(store, Duration.ofSeconds(20));

    // when the model asks both
    var reply = tool.answer(ToolFixture.query(MINE, BOTH, "irrigation water", 5));

    // then both answered: one after the other, the first would have searched alone and failed
    assertThat(reply.getFailedKbs()).isEmpty();
    assertThat(reply.getResults())
        .extracting(KnowledgeResult::getKnowledgeBaseId)
        .contains("irrigation", "fertilization");
  }

  @Test
  void aCallWaitsForItsKbsNoLongerThanItsOwnLimit() {
    // given fertilization hangs where the store sets no limit, and the tool waits 300 ms
    store.with("fertilization", ObservedStore.Trouble.HANG);
    var tool = fixture.tool(store, Duration.ofMillis(300));

    // when the model asks both KBs
    var reply = tool.answer(ToolFixture.query(MINE, BOTH, "irrigation water", 5));

    // then
    assertThat(reply.getFailedKbs())
        .containsExactly(new FailedKnowledgeBase("fertilization", "no answer within 300 ms"));
    assertThat(reply.getResults())
        .extracting(KnowledgeResult::getKnowledgeBaseId)
        .contains("irrigation");
  }

  @Test
  void whenTheSearchPoolIsFullThenAKbFailsAtOnceInsteadOfWaiting() {
    // given one search thread, no waiting places, and irrigation's search holding the thread
    try (var small = new ToolFixture(1, 0)) {
      var busy = new ObservedStore(small.lucene).with("irrigation", ObservedStore.Trouble.HANG);
      var tool = small.tool(busy, Duration.ofMillis(300));

      // when the model asks both KBs
      var reply = tool.answer(ToolFixture.query(MINE, BOTH, "irrigation water", 5));
      busy.release();

      // then the second KB did not start, and says so at once
      assertThat(reply.getFailedKbs())
          .containsExactly(
              new FailedKnowledgeBase("irrigation", "no answer within 300 ms"),
              new FailedKnowledgeBase(
                  "fertilization",
                  "the search did not start: too many searches at once, or the service is stopping"));
    }
  }
}
