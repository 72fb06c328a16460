package io.streamrag.llm.rewrite;

import io.streamrag.kit.text.StopWords;
import io.streamrag.kit.text.Words;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.RememberedTurn;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The deterministic rewrite: a question that opens like a continuation ("and …", "what about …", «و
 * …», «ماذا عن …») or carries at most {@value #ELLIPTIC} topic words is a follow-up, and gets the
 * previous question's topic words it lacks appended (at most {@value #CARRIED}). «و هفته بعد؟»
 * after «رطوبت خاک من چقدر است؟» becomes «و هفته بعد؟ رطوبت خاک». Anything else stands alone.
 */
public final class KeyTermRewriter implements QueryRewriter {

  /** A question with this few topic words cannot say what it is about on its own. */
  static final int ELLIPTIC = 2;

  /** Topic words carried over: enough for the subject, too few to drown the new question. */
  static final int CARRIED = 6;

  private static final List<String> CONTINUATIONS =
      List.of(
          "and",
          "what about",
          "how about",
          "also",
          "then",
          "what if",
          "و",
          "ولی",
          "پس",
          "چطور",
          "در مورد",
          "درباره",
          "اون",
          "آن",
          "وماذا",
          "ماذا عن",
          "وكيف",
          "وهل",
          "وما",
          "ثم");

  /** The rule needs nothing to wait for: the future is complete when it returns. */
  @Override
  public CompletableFuture<String> standalone(
      String question, List<RememberedTurn> history, String language, Cancellation cancel) {
    return CompletableFuture.completedFuture(standalone(question, history, language));
  }

  /** The standalone form of {@code question} by the rule (see {@link QueryRewriter}). */
  public String standalone(String question, List<RememberedTurn> history, String language) {
    if (history.isEmpty() || !isFollowUp(question)) {
      return question;
    }
    RememberedTurn previous = history.get(history.size() - 1);
    String topic = previous.getQuery() == null ? previous.getQuestion() : previous.getQuery();
    Set<String> asked = Set.copyOf(Words.of(question));
    var carried = new ArrayList<String>();
    for (String word : StopWords.contentWords(topic)) {
      if (!asked.containsAll(Words.of(word)) && carried.size() < CARRIED) {
        carried.add(word);
      }
    }
    return carried.isEmpty() ? question : question.strip() + " " + String.join(" ", carried);
  }

  static boolean isFollowUp(String question) {
    String text = Words.normalize(question).strip();
    for (String opening : CONTINUATIONS) {
      String normal = Words.normalize(opening);
      if (text.equals(normal) || text.startsWith(normal + " ") || text.startsWith(normal + "،")) {
        return true;
      }
    }
    return StopWords.contentWords(question).size() <= ELLIPTIC;
  }
}
