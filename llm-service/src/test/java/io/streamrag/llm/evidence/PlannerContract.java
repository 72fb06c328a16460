package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.model.Cancellation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link Planner} must do. Each adapter's test extends this class. */
abstract class PlannerContract {

  static final Cancellation NONE = Cancellation.none();

  protected abstract Planner planner();

  static Candidate passage(String id, String text, double relevance) {
    return new Candidate(
        id,
        text,
        "fertilization/" + id + ".en.md",
        "fertilization",
        "__global__",
        relevance,
        "en",
        Double.NaN);
  }

  @Test
  void aQuestionHasAtLeastOnePartAndEveryPartIsAQuestion() {
    var parts = planner().decompose("How much nitrogen does maize need?", "en", NONE).join();

    assertThat(parts).isNotEmpty().allSatisfy(p -> assertThat(p.text()).isNotBlank());
  }

  @Test
  void aRewriteIsNeverAQueryAlreadyTried() {
    var part = Part.of("How much nitrogen does maize need?");
    var tried = List.of("How much nitrogen does maize need?");

    planner()
        .rewrite(part, tried, "en", NONE)
        .join()
        .ifPresent(q -> assertThat(q).isNotBlank().isNotIn(tried));
  }

  @Test
  void everyPassageGetsAVerdictWithAReasonInItsOrder() {
    var part = planner().decompose("How much nitrogen does maize need?", "en", NONE).join().get(0);
    var candidates =
        List.of(
            passage(
                "maize",
                "Maize needs about 150 to 200 kg of nitrogen per hectare, in two splits.",
                0.9),
            passage("frost", "Frost damages young leaves when the air falls below zero.", 0.05));

    var verdicts = planner().judge(part, candidates, NONE).join();

    assertThat(verdicts).hasSize(2).allSatisfy(v -> assertThat(v.reason()).isNotBlank());
    assertThat(verdicts.get(0).accepted()).isTrue();
    assertThat(verdicts.get(1).accepted()).isFalse();
  }
}
