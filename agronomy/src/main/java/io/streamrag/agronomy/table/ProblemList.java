package io.streamrag.agronomy.table;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Reads several tables and reports the problems of all of them at once, not the first only. */
public final class ProblemList {

  private final List<Problem> problems = new ArrayList<>();

  /** The parsed table, or null after recording its problems. */
  public <T> T collect(Supplier<T> parse) {
    try {
      return parse.get();
    } catch (TableException e) {
      problems.addAll(e.problems());
      return null;
    }
  }

  /**
   * @throws TableException when any table had a problem
   */
  public void throwIfAny() {
    if (!problems.isEmpty()) {
      throw new TableException(problems);
    }
  }
}
