package io.streamrag.kit.guard.injection;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The corpus as TF-IDF vectors of character trigrams ({@link CharNgrams}), each entry folded as a
 * message is; a text's cosine to its nearest known attack and to its nearest ordinary message. Term
 * frequency is sublinear ({@code 1 + ln n}); document frequency counts both kinds of entry, so a
 * trigram of everyday farming text weighs little; a trigram no entry has weighs as much as the
 * rarest one, so text about something else pulls the cosine down.
 *
 * <p>Searched through postings (trigram → the entries that have it, with their weights): a message
 * costs the entries that share its trigrams, not a map lookup per trigram and entry (comparing with
 * every entry was a tenth of the gateway's CPU per chat, JFR).
 */
final class SimilarityIndex {

  /**
   * The nearest known attack and its cosine (0 to 1), and the cosine of the nearest ordinary
   * message.
   */
  record Match(GuardCorpus.Entry attack, double score, double ordinary) {}

  private final List<GuardCorpus.Entry> entries;
  private final Map<String, Postings> postings = new HashMap<>();
  private final Map<String, Double> idf = new HashMap<>();

  /** The entries that have one trigram, and its weight in each one's unit vector. */
  private record Postings(int[] entries, double[] weights) {}

  private final double unseenIdf;

  SimilarityIndex(GuardCorpus corpus) {
    this.entries = corpus.entries();
    var counts = entries.stream().map(e -> CharNgrams.of(Folding.fold(e.text()))).toList();
    var df = new HashMap<String, Integer>();
    counts.forEach(c -> c.keySet().forEach(g -> df.merge(g, 1, Integer::sum)));
    int n = entries.size();
    df.forEach((g, d) -> idf.put(g, Math.log((n + 1.0) / (d + 1.0)) + 1));
    this.unseenIdf = Math.log(n + 1.0) + 1;
    var byGram = new HashMap<String, List<double[]>>();
    for (int i = 0; i < counts.size(); i++) {
      for (var e : vector(counts.get(i)).entrySet()) {
        byGram
            .computeIfAbsent(e.getKey(), g -> new ArrayList<>())
            .add(new double[] {i, e.getValue()});
      }
    }
    byGram.forEach(
        (g, list) -> {
          int[] ids = new int[list.size()];
          double[] weights = new double[list.size()];
          for (int k = 0; k < ids.length; k++) {
            ids[k] = (int) list.get(k)[0];
            weights[k] = list.get(k)[1];
          }
          postings.put(g, new Postings(ids, weights));
        });
  }

  /** The known attack nearest to a folded text; a score of 0 when the corpus has none. */
  Match nearest(String folded) {
    double[] scores = new double[entries.size()];
    for (var e : vector(CharNgrams.of(folded)).entrySet()) {
      Postings p = postings.get(e.getKey());
      if (p != null) {
        for (int k = 0; k < p.entries().length; k++) {
          scores[p.entries()[k]] += e.getValue() * p.weights()[k];
        }
      }
    }
    GuardCorpus.Entry attack = null;
    double best = 0;
    double ordinary = 0;
    for (int i = 0; i < scores.length; i++) {
      double score = scores[i];
      if (!entries.get(i).attack()) {
        ordinary = Math.max(ordinary, score);
      } else if (score > best) {
        best = score;
        attack = entries.get(i);
      }
    }
    return new Match(attack, best, ordinary);
  }

  private Map<String, Double> vector(Map<String, Integer> counts) {
    var v = new HashMap<String, Double>();
    double norm = 0;
    for (var e : counts.entrySet()) {
      double w = (1 + Math.log(e.getValue())) * idf.getOrDefault(e.getKey(), unseenIdf);
      v.put(e.getKey(), w);
      norm += w * w;
    }
    double length = Math.sqrt(norm);
    v.replaceAll((g, w) -> w / length);
    return v;
  }
}
