package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.kit.text.Language;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The long-passage set ({@code benchmarks/data/long-passages}): whole, bilingual, test only, and
 * every answer deep in its document, where a retriever that reads only a passage's beginning cannot
 * see it.
 */
class LongPassageSetTest {

  static final Path DIR =
      Path.of("..").toAbsolutePath().normalize().resolve("benchmarks/data/long-passages");

  /** Chunker tokens (words and punctuation marks) before an answer, at the least. */
  static final int DEEP = 300;

  static List<JsonNode> lines(String file) throws Exception {
    var json = JsonMapper.builder().build();
    return Files.readAllLines(DIR.resolve(file)).stream()
        .filter(l -> !l.isBlank())
        .map(json::readTree)
        .toList();
  }

  static List<String[]> qrels() throws Exception {
    var lines = Files.readAllLines(DIR.resolve("qrels/test.tsv"));
    assertThat(lines.get(0)).isEqualTo("query-id\tcorpus-id\tscore");
    return lines.subList(1, lines.size()).stream().map(l -> l.split("\t")).toList();
  }

  @Test
  void everyJudgementNamesADocumentAndAQuestionOfTheSet() throws Exception {
    var docs = lines("corpus.jsonl").stream().map(n -> n.get("_id").asString()).toList();
    var questions = lines("queries.jsonl").stream().map(n -> n.get("_id").asString()).toList();

    assertThat(qrels())
        .allSatisfy(
            q -> {
              assertThat(q).hasSize(3);
              assertThat(questions).contains(q[0]);
              assertThat(docs).contains(q[1]);
              assertThat(Integer.parseInt(q[2])).isPositive();
            });
    assertThat(qrels().stream().map(q -> q[0]).distinct()).hasSameSizeAs(questions);
    assertThat(docs).doesNotHaveDuplicates();
    assertThat(questions).doesNotHaveDuplicates();
  }

  @Test
  void holdsAtLeastFiftyQuestionsTwentyPersianAndTwentyEnglish() {
    var set = BeirSet.read(DIR);
    Map<String, Long> byLanguage =
        set.queries().stream()
            .collect(Collectors.groupingBy(q -> Language.detect(q.text()), Collectors.counting()));

    assertThat(set.queries()).hasSizeGreaterThanOrEqualTo(50);
    assertThat(byLanguage.get(Language.PERSIAN)).isGreaterThanOrEqualTo(20);
    assertThat(byLanguage.get(Language.ENGLISH)).isGreaterThanOrEqualTo(20);
  }

  @Test
  void everyAnswerLiesPastTheFirstThreeHundredTokensOfItsDocument() throws Exception {
    Map<String, String> text =
        lines("corpus.jsonl").stream()
            .collect(Collectors.toMap(n -> n.get("_id").asString(), n -> n.get("text").asString()));
    Map<String, String> evidence =
        lines("queries.jsonl").stream()
            .collect(
                Collectors.toMap(n -> n.get("_id").asString(), n -> n.get("evidence").asString()));

    assertThat(qrels())
        .allSatisfy(
            q -> {
              String doc = text.get(q[1]);
              int at = doc.indexOf(evidence.get(q[0]));
              assertThat(at).as("the evidence of %s in %s", q[0], q[1]).isNotNegative();
              assertThat(Chunker.countTokens(doc.substring(0, at)))
                  .as("tokens before the answer to %s", q[0])
                  .isGreaterThanOrEqualTo(DEEP);
            });
  }

  @Test
  void isForTestingOnly() {
    var set = BeirSet.read(DIR);

    assertThat(set.testOnly()).isTrue();
    assertThat(set.half("test").queries()).isEqualTo(set.queries());
  }
}
