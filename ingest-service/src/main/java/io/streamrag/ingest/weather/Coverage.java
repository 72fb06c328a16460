package io.streamrag.ingest.weather;

import io.streamrag.schemas.weather.CoveredSpan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The seconds of a local day already counted, as merged spans [start, end): an interval counts only
 * for the time not covered yet, so a repeated record adds nothing and an hourly record after a
 * quarter-hour one adds its other three quarters.
 */
final class Coverage {

  private Coverage() {}

  /** Seconds of [from, to) not in {@code spans}. */
  static int uncovered(List<CoveredSpan> spans, int from, int to) {
    int free = Math.max(0, to - from);
    for (CoveredSpan s : spans) {
      int overlap = Math.min(to, s.getEndS()) - Math.max(from, s.getStartS());
      if (overlap > 0) {
        free -= overlap;
      }
    }
    return free;
  }

  /** The spans with [from, to) added, merged and in order. */
  static List<CoveredSpan> add(List<CoveredSpan> spans, int from, int to) {
    var all = new ArrayList<CoveredSpan>(spans.size() + 1);
    spans.forEach(s -> all.add(new CoveredSpan(s.getStartS(), s.getEndS())));
    if (to > from) {
      all.add(new CoveredSpan(from, to));
    }
    all.sort(Comparator.comparingInt(CoveredSpan::getStartS));
    var merged = new ArrayList<CoveredSpan>();
    for (CoveredSpan s : all) {
      var last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && s.getStartS() <= last.getEndS()) {
        last.setEndS(Math.max(last.getEndS(), s.getEndS()));
      } else {
        merged.add(s);
      }
    }
    return merged;
  }

  /** Seconds covered. */
  static int total(List<CoveredSpan> spans) {
    return spans.stream().mapToInt(s -> s.getEndS() - s.getStartS()).sum();
  }

  /** The end of the latest span ending at or before {@code at}, or −1. */
  static int lastEndAtOrBefore(List<CoveredSpan> spans, int at) {
    int last = -1;
    for (CoveredSpan s : spans) {
      if (s.getEndS() <= at) {
        last = Math.max(last, s.getEndS());
      }
    }
    return last;
  }
}
