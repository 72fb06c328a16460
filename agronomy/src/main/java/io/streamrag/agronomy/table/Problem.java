package io.streamrag.agronomy.table;

/**
 * One thing wrong in a table file, precise enough to fix it with an editor.
 *
 * @param file the table's file name, e.g. {@code crops.csv}
 * @param line 1-based line number; 0 when the problem is the file as a whole (absent, no header)
 * @param why what is wrong, naming the column and the value
 */
public record Problem(String file, int line, String why) {

  @Override
  public String toString() {
    return line > 0 ? file + " line " + line + ": " + why : file + ": " + why;
  }
}
