package io.streamrag.kit.guard.injection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Layer 2: closeness to known attacks. The message, and each of its sentences (so an attack wrapped
 * in a long farming question is not diluted), is compared with every entry of the corpus ({@link
 * SimilarityIndex}); it is an attack of the nearest attack's kind when that attack's cosine reaches
 * the threshold and no ordinary message of the corpus is as close (a nearest-neighbour vote, so an
 * operator corrects a wrongly refused question by adding it as ordinary). The corpus is read from
 * its supplier on every check and re-indexed only when it changed, so an operator's addition
 * applies to the next message.
 */
public final class SimilarityLayer implements InjectionLayer {

  /** The default threshold; see the README's "Guardrails" for how it was chosen. */
  public static final double THRESHOLD = 0.5;

  /**
   * How much closer to the attack than to any ordinary message: near a tie, the two differ by a
   * word, and which one that is decides; the patterns are better at that.
   */
  public static final double MARGIN = 0.1;

  private static final int MIN_WORDS = 3;
  private static final Pattern SENTENCES = Pattern.compile("[.!?؟;\\n]+");

  private final Supplier<GuardCorpus> corpus;
  private final double threshold;
  private volatile Indexed indexed = new Indexed(null, null);

  private record Indexed(GuardCorpus corpus, SimilarityIndex index) {}

  /**
   * @param corpus the known attacks as of now (read on every check)
   * @param threshold the least cosine taken for an attack, between 0 and 1
   */
  public SimilarityLayer(Supplier<GuardCorpus> corpus, double threshold) {
    if (threshold <= 0 || threshold > 1) {
      throw new IllegalArgumentException("threshold must be in (0, 1], not " + threshold);
    }
    this.corpus = corpus;
    this.threshold = threshold;
  }

  /** The corpus platform-kit ships, at the default threshold. */
  public static SimilarityLayer standard() {
    var standard = GuardCorpus.standard();
    return new SimilarityLayer(() -> standard, THRESHOLD);
  }

  @Override
  public Optional<Detection> inspect(Normalized message) {
    SimilarityIndex index = index();
    for (String view : message.views()) {
      for (String segment : segments(view)) {
        var match = index.nearest(segment);
        if (match.score() >= threshold && match.score() >= match.ordinary() + MARGIN) {
          var attack = match.attack();
          return Optional.of(
              new Detection(
                  "similarity",
                  attack.category(),
                  attack.language(),
                  String.format(
                      Locale.ROOT,
                      "cosine %.2f (ordinary %.2f) to \"%s\"",
                      match.score(),
                      match.ordinary(),
                      attack.text())));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The highest cosine of the message, or of one of its sentences, to a known attack where that is
   * closer than any ordinary message; 0 when none is. For tests and tuning.
   */
  public double score(Normalized message) {
    SimilarityIndex index = index();
    double best = 0;
    for (String view : message.views()) {
      for (String segment : segments(view)) {
        var match = index.nearest(segment);
        if (match.score() >= match.ordinary() + MARGIN) {
          best = Math.max(best, match.score());
        }
      }
    }
    return best;
  }

  private SimilarityIndex index() {
    GuardCorpus now = corpus.get();
    Indexed current = indexed;
    if (current.corpus() != now) {
      current = new Indexed(now, new SimilarityIndex(now));
      indexed = current;
    }
    return current.index();
  }

  /**
   * The whole text, then each of its sentences when there are several; only those of {@value
   * #MIN_WORDS} words or more, as a word or two in common with an attack says nothing.
   */
  private static List<String> segments(String text) {
    var segments = new ArrayList<String>();
    String[] sentences = SENTENCES.split(text);
    if (sentences.length > 1) {
      segments.addAll(List.of(sentences));
    }
    segments.add(0, text);
    segments.removeIf(s -> s.strip().split("\\s+").length < MIN_WORDS);
    return segments;
  }
}
