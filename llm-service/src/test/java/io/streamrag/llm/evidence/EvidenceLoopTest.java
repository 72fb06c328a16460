package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.model.Cancellation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The loop's rules, whatever the planner: parts take turns, one budget for the whole question,
 * nothing unusable is kept, what is missing is reported. A scripted planner and searcher make each
 * rule visible.
 */
class EvidenceLoopTest {

  final List<String> searched = new ArrayList<>();

  /** Splits "A and B" in two; accepts a passage whose text contains its part's text. */
  final Planner planner =
      new Planner() {
        @Override
        public String name() {
          return "scripted";
        }

        @Override
        public CompletableFuture<List<Part>> decompose(
            String question, String language, Cancellation cancel) {
          return CompletableFuture.completedFuture(
              List.of(question.split(" and ")).stream().map(Part::of).toList());
        }

        @Override
        public CompletableFuture<Optional<String>> rewrite(
            Part part, List<String> tried, String language, Cancellation cancel) {
          return CompletableFuture.completedFuture(Optional.of(part.text() + " #" + tried.size()));
        }

        @Override
        public CompletableFuture<List<Verdict>> judge(
            Part part, List<Candidate> candidates, Cancellation cancel) {
          return CompletableFuture.completedFuture(
              candidates.stream()
                  .map(
                      c ->
                          c.text().contains(part.text())
                              ? Verdict.accept("names " + part.text())
                              : Verdict.reject("not about " + part.text()))
                  .toList());
        }
      };

  /** Finds a passage for a query only when the map says so. */
  Searcher searcher(Map<String, String> passages) {
    return Searcher.of(
        (query, part) -> {
          searched.add(query);
          String text = passages.get(query);
          return new Searcher.Found(
              text == null ? List.of() : List.of(candidate(query, text)), List.of("kb"), false, "");
        });
  }

  static Candidate candidate(String id, String text) {
    return new Candidate(id, text, "src/" + id, "kb", "__global__", 0.5, "en", Double.NaN);
  }

  @Test
  void aComparisonSearchesEachPartAndUsesOnlyPassagesAboutThatPart() {
    var trace = Trace.quiet();

    var evidence =
        new EvidenceLoop(planner)
            .gather(
                "maize and wheat",
                "en",
                4,
                searcher(
                    Map.of(
                        "maize",
                        "nitrogen for wheat",
                        "maize #1",
                        "maize likes N",
                        "wheat",
                        "wheat needs N")),
                trace,
                Cancellation.none())
            .join();

    assertThat(searched).containsExactly("maize", "wheat", "maize #1");
    assertThat(evidence.needsHuman()).isEmpty();
    assertThat(evidence.parts().get(0).accepted())
        .extracting(Candidate::text)
        .containsExactly("maize likes N");
    assertThat(trace.steps())
        .extracting(s -> s.getKind())
        .containsExactly(
            "plan", "search", "reject", "search", "accept", "rewrite", "search", "accept");
  }

  @Test
  void anAnswerThatIsNowhereStopsAtExactlyTheBudgetAndNeedsAHuman() {
    var trace = Trace.quiet();

    var evidence =
        new EvidenceLoop(planner)
            .gather("absent", "en", 4, searcher(Map.of()), trace, Cancellation.none())
            .join();

    assertThat(evidence.searches()).isEqualTo(4);
    assertThat(searched).hasSize(4).doesNotHaveDuplicates();
    assertThat(evidence.needsHuman())
        .get()
        .satisfies(n -> assertThat(n.getMissing()).containsExactly("absent"));
    assertThat(trace.steps()).extracting(s -> s.getKind()).endsWith("budget", "needs_human");
  }

  @Test
  void theBudgetIsSharedByAllPartsAndTheFoundOnesAreReported() {
    var evidence =
        new EvidenceLoop(planner)
            .gather(
                "a and b and c",
                "en",
                4,
                searcher(Map.of("a", "a here")),
                Trace.quiet(),
                Cancellation.none())
            .join();

    assertThat(evidence.searches()).isEqualTo(4);
    assertThat(searched).containsExactly("a", "b", "c", "b #1");
    var needs = evidence.needsHuman().orElseThrow();
    assertThat(needs.getMissing()).containsExactly("b", "c");
    assertThat(needs.getFound())
        .singleElement()
        .satisfies(f -> assertThat(f.getPart()).isEqualTo("a"));
  }

  @Test
  void aKnowledgeBaseThatIsDownStopsTheLoopDegradedNotAsMissingEvidence() {
    Searcher down =
        Searcher.of((query, part) -> new Searcher.Found(List.of(), List.of(), true, "timed out"));

    var evidence =
        new EvidenceLoop(planner)
            .gather("a", "en", 4, down, Trace.quiet(), Cancellation.none())
            .join();

    assertThat(evidence.degraded()).isTrue();
    assertThat(evidence.searches()).isEqualTo(1);
    assertThat(evidence.needsHuman()).isEmpty();
  }
}
