package io.streamrag.llm.provider;

import io.streamrag.kit.text.Language;
import io.streamrag.kit.text.Words;
import io.streamrag.llm.prompt.MissingEvidence;
import io.streamrag.llm.prompt.Prompt;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Answers without a language model, and says so: the sensor's current readings, then the sentences
 * of the retrieved passages that share the most words with the question, each quoted verbatim with
 * its citation number. Its own sentences are in the question's language, Persian, Arabic or English
 * ({@link ExtractivePhrases}). Nothing is generated, so nothing is invented.
 */
public final class ExtractiveProvider implements AnswerProvider {

  private static final Pattern WORD = Pattern.compile("\\S+\\s*");
  private static final int SENTENCES = 4;
  private static final int PER_PASSAGE = 2;
  private static final Set<String> STOP =
      Set.of(
          "the", "a", "an", "is", "are", "of", "to", "in", "on", "for", "my", "what", "how", "and",
          "or", "do", "does", "i", "من", "است", "چقدر", "چه", "را", "به", "در", "از", "که", "و",
          "با", "این", "آن", "کی", "چطور", "آیا", "برای");

  /**
   * Arabic function words, as {@link Words} normalises them; for Arabic questions only (کم, قد and
   * ما are Persian words too).
   */
  private static final Set<String> ARABIC_STOP =
      Set.of(
          "فی", "من", "علی", "الی", "عن", "مع", "هل", "ما", "ماذا", "هو", "هی", "کیف", "هذا", "هذه",
          "التی", "الذی", "ان", "او", "لا", "کم", "متی", "اذا", "کان", "یمکن", "یجب", "عند", "ثم",
          "قد", "لماذا", "کیفیه", "و", "آن");

  @Override
  public String name() {
    return "extractive";
  }

  @Override
  public String model() {
    return "none (quotes the retrieved context)";
  }

  /** Quotes at once: nothing to wait for, so the future is complete when it returns. */
  @Override
  public CompletableFuture<Answer> answer(
      Prompt prompt, ContextRetrieved context, Consumer<String> tokens, Cancellation cancel) {
    try {
      return CompletableFuture.completedFuture(quote(prompt, context, tokens));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** The extractive answer, streamed to {@code tokens} before it returns. */
  public Answer quote(Prompt prompt, ContextRetrieved context, Consumer<String> tokens) {
    String language = context.getRequest().getLanguage();
    var say = ExtractivePhrases.of(language);
    var text = new StringBuilder();
    var cited = new ArrayList<Integer>();
    text.append(say.label());
    text.append("\n\n");
    if (context.getSnapshotText() != null) {
      text.append(say.sensorNow()).append(context.getSnapshotText());
      int own = sensorPassage(context.getPassages());
      if (own > 0) {
        text.append(" [").append(own).append(']');
        cited.add(own);
      }
      text.append("\n\n");
    }
    if (context.getDegraded()) {
      text.append(say.unavailable());
    } else {
      var quotes = quotes(context, Language.ARABIC.equals(language));
      if (quotes.isEmpty()) {
        text.append(say.nothingFound());
      } else {
        text.append(say.fromSources());
        for (Quote q : quotes) {
          text.append("\n- ").append(q.sentence()).append(" [").append(q.passage()).append(']');
          if (!cited.contains(q.passage())) {
            cited.add(q.passage());
          }
        }
      }
    }
    if (!prompt.missing().isEmpty()) {
      text.append("\n\n").append(MissingEvidence.line(language, prompt.missing()));
    }
    stream(text.toString(), tokens);
    return new Answer(cited, name(), model(), Answer.TokenUsage.NONE);
  }

  private record Quote(int passage, String sentence, double score, int order) {}

  /** The best sentences: at most two per passage and four in all, in reading order. */
  private List<Quote> quotes(ContextRetrieved context, boolean arabic) {
    // a rewritten follow-up ("and next week?") is matched by its standalone form
    String question =
        context.getQuery() == null ? context.getRequest().getMessage() : context.getQuery();
    Set<String> asked = content(question, arabic);
    var best = new ArrayList<Quote>();
    List<Passage> passages = context.getPassages();
    for (int i = 0; i < passages.size(); i++) {
      Passage p = passages.get(i);
      if (p.getSource().startsWith("sensor/")) {
        continue; // already shown as the sensor's current readings
      }
      var found = new ArrayList<Quote>();
      for (var sentence : Quotable.of(p.getText(), arabic, ExtractiveProvider::content)) {
        long shared = asked.stream().filter(sentence.words()::contains).count();
        if (shared > 0) {
          found.add(
              new Quote(
                  i + 1,
                  sentence.text(),
                  shared + 0.1 * p.getRelevance(),
                  i * 1000 + sentence.at()));
        }
      }
      found.stream()
          .sorted(Comparator.comparingDouble(Quote::score).reversed())
          .limit(PER_PASSAGE)
          .forEach(best::add);
    }
    return best.stream()
        .sorted(Comparator.comparingDouble(Quote::score).reversed())
        .limit(SENTENCES)
        .sorted(Comparator.comparingInt(Quote::order))
        .toList();
  }

  private static int sensorPassage(List<Passage> passages) {
    for (int i = 0; i < passages.size(); i++) {
      if (passages.get(i).getSource().startsWith("sensor/")) {
        return i + 1;
      }
    }
    return 0;
  }

  /**
   * The words of a text that carry meaning; for an Arabic question without the article on either
   * side, so «الري» in the question meets «والري» in a source.
   */
  private static Set<String> content(String text, boolean arabic) {
    var words = new HashSet<String>();
    Set<String> stop = arabic ? ARABIC_STOP : STOP;
    for (String w : Words.of(text)) {
      if (stop.contains(w)) {
        continue; // before the article comes off: التی is a function word, تی is not
      }
      String base = arabic ? Words.withoutArabicArticle(w) : w;
      if (!stop.contains(base) && base.length() > 1) {
        words.add(base);
      }
    }
    return words;
  }

  /** Streams word by word, each piece carrying the whitespace that follows it. */
  public static void stream(String text, Consumer<String> tokens) {
    var m = WORD.matcher(text);
    while (m.find()) {
      tokens.accept(m.group());
    }
  }
}
