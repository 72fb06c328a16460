package io.streamrag.kit.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.guard.injection.Detection;
import io.streamrag.kit.guard.injection.GuardCorpus;
import io.streamrag.kit.guard.injection.Normalized;
import io.streamrag.kit.guard.injection.PatternLayer;
import io.streamrag.kit.guard.injection.SimilarityLayer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The guard against its suite (S0.2): attacks and farmers' questions that use the same words, in
 * Persian, Arabic, English and Spanish (and a few French, German, Italian and Portuguese attacks),
 * kept as data in {@code src/test/resources/guard/}. {@code attacks-heldout.tsv} was written before
 * the guard's code and never run while the patterns and the threshold were tuned; its figure is
 * reported on its own. Prints the figures per layer and per language, and asserts the goals: at
 * least 95 % of the attacks blocked, no question refused.
 */
class InjectionSuiteTest {

  record Row(String language, String category, String text) {}

  static final PatternLayer PATTERNS = PatternLayer.standard();
  static final SimilarityLayer SIMILARITY = SimilarityLayer.standard();
  static final PromptInjectionGuardrail GUARD =
      new PromptInjectionGuardrail(PATTERNS, SIMILARITY, null, d -> {});

  @Test
  void blocksTheAttacksAndRefusesNoFarmersQuestion() {
    // given
    List<Row> tuned = read("guard/attacks.tsv", true);
    List<Row> heldOut = read("guard/attacks-heldout.tsv", true);
    List<Row> benign = read("guard/benign.tsv", false);

    // when
    Tally tuning = Tally.of(tuned);
    Tally held = Tally.of(heldOut);
    List<Row> refused = benign.stream().filter(r -> GUARD.inspect(r.text()).isPresent()).toList();

    // then
    System.out.println("Prompt-injection guard, suite in platform-kit/src/test/resources/guard/");
    tuning.print("attacks (tuned on)");
    held.print("attacks held out");
    Tally.of(concat(tuned, heldOut)).print("all attacks");
    System.out.printf(
        Locale.ROOT,
        "benign questions refused: %d of %d, by language %s%n",
        refused.size(),
        benign.size(),
        count(benign));
    refused.forEach(r -> System.out.println("  REFUSED " + r));
    assertThat(Tally.of(concat(tuned, heldOut)).share()).isGreaterThanOrEqualTo(0.95);
    assertThat(tuning.share()).isGreaterThanOrEqualTo(0.95);
    assertThat(refused).isEmpty();
  }

  @Test
  void theSuiteHasSixtyAttacksAndSixtyQuestionsInFourLanguagesAtLeast() {
    var attacks = concat(read("guard/attacks.tsv", true), read("guard/attacks-heldout.tsv", true));
    var benign = read("guard/benign.tsv", false);

    assertThat(attacks).hasSizeGreaterThanOrEqualTo(60);
    assertThat(benign).hasSizeGreaterThanOrEqualTo(60);
    for (String language : List.of("fa", "ar", "en", "es")) {
      assertThat(attacks).anyMatch(r -> r.language().equals(language));
      assertThat(benign).filteredOn(r -> r.language().equals(language)).hasSizeGreaterThan(10);
    }
  }

  @Test
  void theShippedCorpusHoldsNoneOfTheSuitesMessages() {
    // the similarity layer must earn its figures, not look the answers up
    var corpus =
        GuardCorpus.standard().entries().stream()
            .map(e -> Normalized.of(e.text()).folded())
            .collect(Collectors.toSet());
    var suite =
        concat(
            concat(read("guard/attacks.tsv", true), read("guard/attacks-heldout.tsv", true)),
            read("guard/benign.tsv", false));

    assertThat(suite).noneMatch(r -> corpus.contains(Normalized.of(r.text()).folded()));
  }

  /** What the guard made of a set of attacks: the first layer to block each, or none. */
  record Tally(List<Row> rows, List<Optional<Detection>> detections) {

    static Tally of(List<Row> rows) {
      return new Tally(rows, rows.stream().map(r -> GUARD.inspect(r.text())).toList());
    }

    double share() {
      return blocked() / (double) rows.size();
    }

    long blocked() {
      return detections.stream().filter(Optional::isPresent).count();
    }

    void print(String title) {
      System.out.printf(
          Locale.ROOT,
          "%s: %d of %d blocked (%.1f %%)%n",
          title,
          blocked(),
          rows.size(),
          100 * share());
      var byLayer = new TreeMap<String, Integer>();
      var byLanguage = new TreeMap<String, int[]>();
      var alone = new TreeMap<String, Integer>();
      for (int i = 0; i < rows.size(); i++) {
        Row row = rows.get(i);
        var d = detections.get(i);
        byLayer.merge(d.map(Detection::layer).orElse("none"), 1, Integer::sum);
        int[] c = byLanguage.computeIfAbsent(row.language(), k -> new int[2]);
        c[0] += d.isPresent() ? 1 : 0;
        c[1]++;
        var text = Normalized.of(row.text());
        alone.merge("patterns", PATTERNS.inspect(text).isPresent() ? 1 : 0, Integer::sum);
        alone.merge("similarity", SIMILARITY.inspect(text).isPresent() ? 1 : 0, Integer::sum);
        if (d.isEmpty()) {
          System.out.println("  MISSED " + row);
        }
      }
      System.out.println("  first layer to block: " + byLayer);
      System.out.println("  each layer alone:     " + alone);
      System.out.println(
          "  by language:          "
              + byLanguage.entrySet().stream()
                  .map(e -> e.getKey() + " " + e.getValue()[0] + "/" + e.getValue()[1])
                  .collect(Collectors.joining(", ")));
    }
  }

  private static Map<String, Long> count(List<Row> rows) {
    return rows.stream()
        .collect(Collectors.groupingBy(Row::language, TreeMap::new, Collectors.counting()));
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    var all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** Rows of a TSV: {@code lang<TAB>category<TAB>text} for attacks, {@code lang<TAB>text} else. */
  static List<Row> read(String resource, boolean attacks) {
    try (InputStream in = InjectionSuiteTest.class.getClassLoader().getResourceAsStream(resource)) {
      var rows = new ArrayList<Row>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cells = line.split("\t", attacks ? 3 : 2);
        String text = cells[cells.length - 1].replace("\\n", "\n");
        rows.add(new Row(cells[0], attacks ? cells[1] : "benign", text));
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
