package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.text.Words;
import io.streamrag.llm.provider.model.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the deterministic planner searches next when nothing was usable (S3.3, S3.7). */
class DeterministicPlannerRewriteTest {

  final DeterministicPlanner planner = new DeterministicPlanner(0.5);

  List<String> rewrites(String question, String language) {
    Part part = planner.decompose(question, language).get(0);
    var tried = new ArrayList<>(List.of(part.text()));
    for (Optional<String> next = planner.rewrite(part, tried, language);
        next.isPresent();
        next = planner.rewrite(part, tried, language)) {
      tried.add(next.get());
    }
    return tried.subList(1, tried.size());
  }

  @Test
  void aTypicalQuestionHasAtLeastThreeDistinctRewrites() {
    assertThat(rewrites("How much nitrogen does maize need?", "en"))
        .hasSizeGreaterThanOrEqualTo(3)
        .doesNotHaveDuplicates();
    assertThat(rewrites("رطوبت خاک برای آبیاری گندم چقدر باشد؟", "fa"))
        .hasSizeGreaterThanOrEqualTo(3)
        .doesNotHaveDuplicates();
  }

  @Test
  void rewritesExpandWithSynonymsThenSwitchLanguageThroughTheGlossary() {
    var rewrites = rewrites("How much nitrogen does maize need?", "en");

    assertThat(rewrites.get(0)).isEqualTo("nitrogen n maize corn");
    assertThat(rewrites.get(1)).isEqualTo("نیتروژن ذرت");
    assertThat(rewrites("رطوبت خاک چقدر باشد؟", "fa")).contains("moisture soil");
  }

  @Test
  void relaxedRewritesDropTheLeastSpecificWordButNeverAnEntity() {
    var rewrites = rewrites("How does soil moisture affect winter wheat germination?", "en");

    // the English ones keep "wheat"; the translated ones keep it in their language
    assertThat(rewrites.stream().filter(q -> !Words.isArabicScript(q)))
        .allSatisfy(q -> assertThat(q).contains("wheat"));
    assertThat(rewrites).contains("خاک رطوبت زمستان گندم جوانه‌زنی");
    assertThat(rewrites).contains("moisture affect winter wheat germination");
  }

  @Test
  void anAnswerTheKnowledgeBaseDoesNotHoldStopsAtExactlyTheBudget() {
    // given a knowledge base that only ever returns a passage on wheat
    var searched = new ArrayList<String>();
    Searcher searcher =
        Searcher.of(
            (query, part) -> {
              searched.add(query);
              return new Searcher.Found(
                  List.of(KbPassages.wheatNitrogen(0.8)), List.of("kb"), false, "");
            });
    // when a question about rice is asked
    var evidence =
        new EvidenceLoop(planner)
            .gather(
                "How much nitrogen does rice need?",
                "en",
                4,
                searcher,
                Trace.quiet(),
                Cancellation.none())
            .join();
    // then it searches four different queries and asks a human
    assertThat(evidence.searches()).isEqualTo(4);
    assertThat(searched).doesNotHaveDuplicates();
    assertThat(evidence.needsHuman()).isPresent();
    assertThat(evidence.accepted()).isEmpty();
  }
}
