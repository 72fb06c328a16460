package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The Python FAQ set ({@code benchmarks/data/python-faq}): readable as BEIR, every question judged
 * against one answer of the corpus, both halves of the split large enough to report on, and its
 * provenance and licence beside it.
 */
class PythonFaqSetTest {

  static final Path DIR =
      Path.of("..").toAbsolutePath().normalize().resolve("benchmarks/data/python-faq");

  @Test
  void everyQuestionHasOneJudgedAnswerAndBothHalvesCanBeReported() {
    var set = BeirSet.read(DIR);
    var docs = set.corpus().stream().map(BeirSet.Doc::id).toList();

    assertThat(set.queries()).hasSizeGreaterThanOrEqualTo(150);
    assertThat(set.testOnly()).isFalse();
    for (var q : set.queries()) {
      assertThat(q.relevant()).as(q.id()).hasSize(1);
      assertThat(docs).as(q.id()).containsAll(q.relevant().keySet());
    }
    assertThat(set.half(QuerySplit.DEV).queries()).hasSizeGreaterThanOrEqualTo(75);
    assertThat(set.half(QuerySplit.TEST).queries()).hasSizeGreaterThanOrEqualTo(75);
  }

  @Test
  void noAnswerRepeatsItsQuestion() {
    var set = BeirSet.read(DIR);
    var answers = new java.util.HashMap<String, String>();
    set.corpus().forEach(d -> answers.put(d.id(), d.text()));

    for (var q : set.queries()) {
      String answer = answers.get(q.relevant().keySet().iterator().next());
      assertThat(answer).as(q.id()).doesNotContain(q.text());
    }
  }

  @Test
  void provenanceAndLicenceAreKept() throws Exception {
    assertThat(Files.readString(DIR.resolve("README.md"))).contains("python3.11-doc", "PSF");
    assertThat(Files.readString(DIR.resolve("LICENSE")))
        .contains("PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2");
  }
}
