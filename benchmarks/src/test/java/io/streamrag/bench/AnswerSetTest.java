package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The comparison set as the answer benchmark reads it, over the demo knowledge folder. */
class AnswerSetTest {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  AnswerSet comparisons() {
    return AnswerSet.read(
        ROOT.resolve("ingest-service/src/main/resources/demo-knowledge"),
        new Args(
            new String[] {
              "--questions",
              ROOT.resolve("benchmarks/src/main/resources/answers/comparisons.jsonl").toString()
            },
            0));
  }

  @Test
  void everyDocumentAPartCitesIsInTheKnowledgeFolder() {
    var set = comparisons();
    var ids = set.corpus().stream().map(BeirSet.Doc::id).toList();

    assertThat(set.questions()).hasSizeGreaterThanOrEqualTo(30);
    assertThat(set.questions())
        .flatExtracting(q -> q.parts().stream().flatMap(java.util.Set::stream).toList())
        .allSatisfy(doc -> assertThat(ids).contains(doc));
  }

  @Test
  void aQuestionWithAPartTheFolderCannotAnswerIsUnanswerable() {
    var byId = comparisons().questions();

    assertThat(byId)
        .filteredOn(q -> q.id().equals("u11"))
        .singleElement()
        .satisfies(q -> assertThat(q.answerable()).isFalse());
    assertThat(byId)
        .filteredOn(q -> q.id().equals("c01"))
        .singleElement()
        .satisfies(q -> assertThat(q.answerable()).isTrue());
  }

  @Test
  void theDevHalfIsChosenByTheIdAndHoldsAboutHalfTheQuestions() {
    var questions = comparisons().questions();
    long dev = questions.stream().filter(q -> q.split().equals("dev")).count();

    assertThat(new AnswerSet.Question("c01", "another text", java.util.List.of()).split())
        .isEqualTo(questions.get(0).split());
    assertThat(dev).isBetween(questions.size() * 3L / 10, questions.size() * 7L / 10);
  }
}
