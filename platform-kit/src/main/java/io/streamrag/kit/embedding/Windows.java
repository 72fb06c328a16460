package io.streamrag.kit.embedding;

import static io.streamrag.kit.text.WordBoundaries.wordEndBefore;
import static io.streamrag.kit.text.WordBoundaries.wordStartFrom;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Cuts a text into overlapping windows of at most a token budget, counted by a tokenizer's own
 * token spans, each headed by the same heading (a chunk's document title): what an embedder with a
 * short input limit embeds so that its vectors cover a whole chunk. Windows end between words,
 * never inside one, when a word boundary lies in the window's second half.
 */
final class Windows {

  private Windows() {}

  /**
   * The windows of a text.
   *
   * @param heading put in front of every window on a line of its own; blank for none. A heading
   *     longer than half the budget is cut to half of it.
   * @param text the text to cover
   * @param spans the tokenizer: where each token of a text lies, {@code [start, end)} in chars
   * @param budget tokens per window, heading included, special tokens excluded
   * @param overlap tokens each window repeats from the one before
   * @return at least one window for a text that is not blank; none otherwise
   */
  static List<String> of(
      String heading, String text, Function<String, List<int[]>> spans, int budget, int overlap) {
    String body = text == null ? "" : text.strip();
    if (body.isEmpty()) {
      return List.of();
    }
    String head = heading == null ? "" : heading.strip();
    List<int[]> headSpans = spans.apply(head);
    if (headSpans.size() > budget / 2) {
      head = head.substring(0, headSpans.get(budget / 2 - 1)[1]).strip();
      headSpans = spans.apply(head);
    }
    // one token for the line break between heading and window, should the tokenizer count one
    int room = Math.max(1, budget - (head.isEmpty() ? 0 : headSpans.size() + 1));
    int step = Math.min(overlap, room / 2);
    List<int[]> tokens = spans.apply(body);
    var windows = new ArrayList<String>();
    int start = 0;
    while (start < tokens.size()) {
      int end = Math.min(start + room, tokens.size());
      if (end < tokens.size()) {
        end = wordEndBefore(body, tokens, start + room / 2, end);
      }
      String window = body.substring(tokens.get(start)[0], tokens.get(end - 1)[1]).strip();
      windows.add(head.isEmpty() ? window : head + "\n" + window);
      if (end == tokens.size()) {
        break;
      }
      start = wordStartFrom(body, tokens, Math.max(end - step, start + 1), end);
    }
    return windows;
  }
}
