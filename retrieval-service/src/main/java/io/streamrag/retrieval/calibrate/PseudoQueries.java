package io.streamrag.retrieval.calibrate;

import io.streamrag.kit.text.StopWords;
import io.streamrag.kit.text.Words;
import io.streamrag.retrieval.store.StoredChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Questions made from a knowledge base's own chunks, with no labels: for each sampled chunk, the
 * sentence of its body whose words are rarest in the sample (its most specific statement), cut to
 * {@link #MAX_WORDS} words. The chunk's document is the answer. Titles are left out: every chunk of
 * a document repeats its title, so a title finds the document but says nothing of which leg reads
 * the body better.
 */
public final class PseudoQueries {

  /** A question made from a chunk, and the document that answers it. */
  public record PseudoQuery(String text, String docId, String language) {}

  /** How a chosen sentence becomes a question. */
  public enum Style {
    /** The sentence as written. */
    SENTENCE,
    /**
     * The sentence without its rarest third of content words: the specific terms a user asking
     * about the passage most often does not know, and that make the sentence trivial for BM25.
     */
    WITHOUT_RAREST
  }

  static final int MAX_WORDS = 24;
  private static final int MIN_CONTENT_WORDS = 4;

  private PseudoQueries() {}

  /**
   * At most {@code max} pseudo-queries from {@code chunks}, one per chunk, chosen by a hash of the
   * point id so that the same knowledge base gives the same questions.
   */
  public static List<PseudoQuery> of(List<StoredChunk> chunks, int max) {
    return of(chunks, max, Style.SENTENCE);
  }

  /** As {@link #of(List, int)}, in the given style. */
  public static List<PseudoQuery> of(List<StoredChunk> chunks, int max, Style style) {
    var documentFrequency = new HashMap<String, Integer>();
    for (var c : chunks) {
      new HashSet<>(StopWords.contentWords(c.text()))
          .forEach(w -> documentFrequency.merge(w, 1, Integer::sum));
    }
    var sampled = new ArrayList<>(chunks);
    sampled.sort(Comparator.comparingLong(c -> crc(c.pointId())));
    var queries = new ArrayList<PseudoQuery>();
    for (var c : sampled) {
      if (queries.size() >= max) {
        break;
      }
      String sentence = rarestSentence(body(c.text()), documentFrequency, chunks.size(), style);
      if (sentence != null) {
        queries.add(new PseudoQuery(sentence, c.docId(), c.language()));
      }
    }
    return queries;
  }

  /** The chunk without its title line, when it has one and more. */
  private static String body(String text) {
    int newline = text.indexOf('\n');
    return newline > 0 && newline < text.length() - 1 ? text.substring(newline + 1) : text;
  }

  private static String rarestSentence(String body, Map<String, Integer> df, int n, Style style) {
    String best = null;
    double bestScore = -1;
    for (String sentence : sentences(body)) {
      var words = StopWords.contentWords(sentence);
      if (words.size() < MIN_CONTENT_WORDS) {
        continue;
      }
      double idf = 0;
      for (String w : words) {
        idf += Math.log((n + 1.0) / (df.getOrDefault(w, 0) + 0.5));
      }
      double score = idf / words.size();
      if (score > bestScore) {
        bestScore = score;
        best = sentence;
      }
    }
    if (best == null) {
      return null;
    }
    var words = Words.of(best);
    if (style == Style.WITHOUT_RAREST) {
      var rare = new ArrayList<>(new HashSet<>(words));
      rare.removeIf(w -> StopWords.contains(w) || w.length() < 2);
      rare.sort(Comparator.comparingInt((String w) -> df.getOrDefault(w, 0)).thenComparing(w -> w));
      var dropped = new HashSet<>(rare.subList(0, rare.size() / 3));
      words = words.stream().filter(w -> !dropped.contains(w)).toList();
    }
    return String.join(" ", words.subList(0, Math.min(MAX_WORDS, words.size())));
  }

  private static List<String> sentences(String text) {
    var out = new ArrayList<String>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      boolean end =
          ch == '\n' || ch == '؟' || ch == '?' || ch == '!' || ch == '.' && isBreak(text, i);
      if (end) {
        addIfWords(out, text.substring(start, i + 1));
        start = i + 1;
      }
    }
    addIfWords(out, text.substring(start));
    return out;
  }

  /** A dot ends a sentence when followed by white space or the end, not inside 12.5 or e.g. */
  private static boolean isBreak(String text, int i) {
    return i + 1 >= text.length() || Character.isWhitespace(text.charAt(i + 1));
  }

  private static void addIfWords(List<String> out, String s) {
    if (!s.isBlank()) {
      out.add(s.strip());
    }
  }

  private static long crc(String s) {
    var crc = new CRC32();
    crc.update(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return crc.getValue();
  }
}
