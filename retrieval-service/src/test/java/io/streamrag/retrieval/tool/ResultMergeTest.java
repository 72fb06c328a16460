package io.streamrag.retrieval.tool;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.chat.KnowledgeResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the results of several KBs become one list (S2.1). */
class ResultMergeTest {

  @Test
  void resultsAreOrderedByRelevanceThenByRankInTheirKbThenByTheOrderOfTheKbs() {
    // given two KBs whose results tie on relevance
    var irrigation = KbOutcome.found("irrigation", List.of(r("i1", 0.9), r("i2", 0.5)));
    var fertilization = KbOutcome.found("fertilization", List.of(r("f1", 0.9), r("f2", 0.7)));

    // when merged
    var merge = ResultMerge.of(List.of(irrigation, fertilization), 10);

    // then
    assertThat(merge.kept())
        .extracting(KnowledgeResult::getPointId)
        .containsExactly("i1", "f1", "f2", "i2");
    assertThat(merge.distinct()).isEqualTo(4);
  }

  @Test
  void aPointFoundThroughTwoKbsIsKeptOnceAtItsBestPlace() {
    // given the sensor's own chunk found by both KBs
    var irrigation = KbOutcome.found("irrigation", List.of(r("i1", 0.9), r("mine", 0.4)));
    var fertilization = KbOutcome.found("fertilization", List.of(r("mine", 0.8)));

    // when merged
    var merge = ResultMerge.of(List.of(irrigation, fertilization), 10);

    // then
    assertThat(merge.kept()).extracting(KnowledgeResult::getPointId).containsExactly("i1", "mine");
    assertThat(merge.kept().get(1).getRelevance()).isEqualTo(0.8);
    assertThat(merge.distinct()).isEqualTo(2);
  }

  @Test
  void onlyTopKAreKeptAndAFailedKbAddsNothing() {
    var irrigation = KbOutcome.found("irrigation", List.of(r("i1", 0.9), r("i2", 0.5)));
    var failed = KbOutcome.failed("fertilization", "disk on fire");

    var merge = ResultMerge.of(List.of(irrigation, failed), 1);

    assertThat(merge.kept()).extracting(KnowledgeResult::getPointId).containsExactly("i1");
    assertThat(merge.distinct()).isEqualTo(2);
  }

  private static KnowledgeResult r(String pointId, double relevance) {
    String kb = pointId.equals("mine") ? "__all__" : "kb";
    return new KnowledgeResult(kb, "text", "src", relevance, pointId, "__global__", "en");
  }
}
