package io.streamrag.agronomy.table;

import java.util.List;
import java.util.stream.Collectors;

/** Table files that cannot be used; lists every problem found, each with file, line and why. */
public final class TableException extends RuntimeException {

  private final transient List<Problem> problems;

  public TableException(List<Problem> problems) {
    super(problems.stream().map(Problem::toString).collect(Collectors.joining("; ")));
    this.problems = List.copyOf(problems);
  }

  /** Every problem, in file and line order. */
  public List<Problem> problems() {
    return problems;
  }
}
