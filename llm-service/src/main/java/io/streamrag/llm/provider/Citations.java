package io.streamrag.llm.provider;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The passage numbers a model's answer cites as {@code [n]}. */
public final class Citations {

  private static final Pattern CITATION = Pattern.compile("\\[(\\d{1,2})]");

  private Citations() {}

  /** Distinct numbers in order of first citation; numbers outside 1..passages are left out. */
  public static List<Integer> in(CharSequence answer, int passages) {
    var cited = new ArrayList<Integer>();
    Matcher m = CITATION.matcher(answer);
    while (m.find()) {
      int n = Integer.parseInt(m.group(1));
      if (n >= 1 && n <= passages && !cited.contains(n)) {
        cited.add(n);
      }
    }
    return cited;
  }
}
