package io.streamrag.bench;

import io.streamrag.bench.RetrievalBench.Measured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code ./bench.sh retrieval-report <eval dir> [--split test]}: every BEIR set of an evaluation
 * folder (each sub-folder holding a {@code corpus.jsonl}) and the repository's long-passage set,
 * every mode, as {@code ./bench.sh retrieval} measures them; one Markdown table per split on
 * standard output ({@link ReportTable}), the JSON lines on standard error as they come. A test-only
 * set is left out of the dev table.
 */
final class RetrievalReport {

  /** Our own long-passage set, for testing only (see its TEST-ONLY.md). */
  static final Path LONG_PASSAGES = Path.of("benchmarks/data/long-passages");

  private RetrievalReport() {}

  static void run(Path evalDir, Args args) {
    var splits = QuerySplit.parse(args.text("split", QuerySplit.TEST));
    var measured = new ArrayList<Measured>();
    var testOnly = new ArrayList<String>();
    for (Path dir : sets(evalDir, Path.of(args.text("long-set", LONG_PASSAGES.toString())))) {
      boolean onlyTest = Files.exists(dir.resolve(BeirSet.TEST_ONLY));
      var own = onlyTest ? splits.stream().filter(s -> !s.equals(QuerySplit.DEV)).toList() : splits;
      if (onlyTest) {
        testOnly.add(dir.getFileName().toString());
      }
      if (!own.isEmpty()) {
        measured.addAll(RetrievalBench.measure(dir, args, own, System.err));
      }
    }
    for (String split : splits) {
      System.out.printf("%n%s%n%n", heading(split, testOnly));
      System.out.print(ReportTable.markdown(split, measured));
    }
  }

  /** The evaluation folder's sets, by name, then the long-passage set. */
  static List<Path> sets(Path evalDir, Path longSet) {
    try (Stream<Path> dirs = Files.list(evalDir)) {
      var sets =
          new ArrayList<>(
              dirs.filter(d -> Files.exists(d.resolve("corpus.jsonl"))).sorted().toList());
      if (Files.exists(longSet.resolve("corpus.jsonl"))) {
        sets.add(longSet);
      }
      return sets;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the evaluation sets in " + evalDir, e);
    }
  }

  private static String heading(String split, List<String> testOnly) {
    String which =
        switch (split) {
          case QuerySplit.DEV -> "**dev**: the half of each set's queries to tune on";
          case QuerySplit.TEST -> "**test**: the half of each set's queries never tuned on";
          default -> "**all** queries";
        };
    if (testOnly.isEmpty()) {
      return which;
    }
    String sets = String.join(", ", testOnly);
    return split.equals(QuerySplit.DEV)
        ? which + " (" + sets + ": test only, not here)"
        : which + " (" + sets + ": test only, all its queries)";
  }
}
