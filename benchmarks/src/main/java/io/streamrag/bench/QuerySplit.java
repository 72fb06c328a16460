package io.streamrag.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Halves of a set's questions: {@code dev}, to tune on, and {@code test}, to report. A question's
 * half is a function of its id alone: the CRC-32 (IEEE 802.3, as in zip; its fixed initial value is
 * the only seed) of the id's UTF-8 bytes, even: dev, odd: test. So the split needs no random state,
 * never moves when questions are added or removed, and is the same in every benchmark ({@code
 * ./bench.sh answers} halves its questions the same way). {@code all} is both halves.
 */
final class QuerySplit {

  static final String DEV = "dev";
  static final String TEST = "test";
  static final String ALL = "all";

  private QuerySplit() {}

  /** The half a question belongs to: {@code dev} or {@code test}. */
  static String of(String id) {
    var crc = new CRC32();
    crc.update(id.getBytes(StandardCharsets.UTF_8));
    return crc.getValue() % 2 == 0 ? DEV : TEST;
  }

  /** Whether a question is in {@code split} ({@code dev}, {@code test} or {@code all}). */
  static boolean holds(String split, String id) {
    return split.equals(ALL) || split.equals(of(id));
  }

  /**
   * The splits named by an option value, e.g. {@code test} or {@code dev,test}.
   *
   * @throws IllegalArgumentException naming the bad value
   */
  static List<String> parse(String value) {
    var splits = new ArrayList<String>();
    for (String s : value.split(",")) {
      String split = s.strip();
      if (!List.of(DEV, TEST, ALL).contains(split)) {
        throw new IllegalArgumentException(
            "--split takes dev, test or all (or a comma list), not " + split);
      }
      if (!splits.contains(split)) {
        splits.add(split);
      }
    }
    return splits;
  }
}
