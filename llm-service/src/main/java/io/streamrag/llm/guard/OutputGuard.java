package io.streamrag.llm.guard;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.streamrag.kit.text.Words;
import io.streamrag.llm.prerun.Preparation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Watches one answer as it streams and cuts it off when it reproduces the system prompt: when it
 * writes the request's {@link Canary}, or {@code leakWords} words in a row of the instructions the
 * model was given (tone, instructions, degraded and agentic instructions; passages and sensor data
 * are not instructions, and quoting them is the point). A sentence the instructions quote («…»,
 * "…", “…”) is one the model may be asked to say, and is left out. The text sent before stays;
 * nothing after is sent.
 *
 * <p>Text that could be the start of the marker is held back until the next piece shows it is not
 * (a few characters, rarely), so the marker never goes out split across two pieces. Words are
 * compared as {@link Words} folds them, so case and punctuation do not hide a copy.
 */
public final class OutputGuard {

  private static final Pattern QUOTED = Pattern.compile("«[^»]*»|\"[^\"]*\"|“[^”]*”");

  private record Instruction(String text, int leakWords) {}

  /**
   * Each instruction's runs of words, read once: a pipeline's instructions are the same for every
   * chat, and reading them per answer was a tenth of llm-service's CPU per chat (JFR). Bounded:
   * edited instructions are new texts, and the old ones age out.
   */
  private static final Cache<Instruction, Set<String>> SHINGLES =
      Caffeine.newBuilder().maximumSize(512).executor(Runnable::run).build();

  private final String canary;
  private final List<Set<String>> shingles = new ArrayList<>();
  private final int leakWords;
  private final StringBuilder pending = new StringBuilder();
  private final StringBuilder unscanned = new StringBuilder();
  private final ArrayDeque<String> window = new ArrayDeque<>();

  /**
   * @param canary the marker of this request's system prompt
   * @param instructions the texts the model was told, as it was told them
   * @param leakWords how many words in a row of the instructions make a copy
   */
  public OutputGuard(String canary, List<String> instructions, int leakWords) {
    this(canary, instructions, List.of(), leakWords);
  }

  /**
   * @param ownInstructions texts told to this request alone (the line with its marker): read for
   *     this answer, not kept
   */
  private OutputGuard(
      String canary, List<String> instructions, List<String> ownInstructions, int leakWords) {
    this.canary = canary.toLowerCase(Locale.ROOT);
    this.leakWords = leakWords;
    for (String text : instructions) {
      shingles.add(SHINGLES.get(new Instruction(text, leakWords), OutputGuard::shingles));
    }
    for (String text : ownInstructions) {
      shingles.add(shingles(new Instruction(text, leakWords)));
    }
  }

  private static Set<String> shingles(Instruction instruction) {
    var out = new HashSet<String>();
    int n = instruction.leakWords();
    for (String unquoted : QUOTED.split(instruction.text())) {
      List<String> words = Words.of(unquoted);
      for (int i = 0; i + n <= words.size(); i++) {
        out.add(String.join(" ", words.subList(i, i + n)));
      }
    }
    return Set.copyOf(out);
  }

  /** The guard of one prepared request's answer: its marker and its instructions. */
  public static OutputGuard of(Preparation p, int leakWords) {
    String requestId = p.request().getRequestId();
    String language = p.request().getLanguage();
    var instructions = new ArrayList<String>(p.tones().values());
    if (p.settings() != null) {
      instructions.add(p.settings().instructionsFor(language, false));
      instructions.add(p.settings().instructionsFor(language, true));
      instructions.add(p.settings().agenticInstructionsFor(language));
    }
    return new OutputGuard(
        Canary.of(requestId), instructions, List.of(Canary.line(requestId)), leakWords);
  }

  /**
   * The part of the answer that may go out now, {@code piece} included.
   *
   * @throws AnswerLeak when the answer writes the marker or copies the instructions
   */
  public String admit(String piece) {
    pending.append(piece);
    String lower = pending.toString().toLowerCase(Locale.ROOT);
    if (lower.contains(canary)) {
      throw new AnswerLeak("the answer wrote the system prompt's marker");
    }
    unscanned.append(piece);
    scanWords(false);
    int hold = heldBack(lower);
    String out = pending.substring(0, pending.length() - hold);
    pending.delete(0, pending.length() - hold);
    return out;
  }

  /**
   * What was held back, once the answer is complete.
   *
   * @throws AnswerLeak when the last words copy the instructions
   */
  public String rest() {
    scanWords(true);
    String out = pending.toString();
    pending.setLength(0);
    return out;
  }

  /** Feeds the complete words seen so far into the window of the last {@code leakWords}. */
  private void scanWords(boolean end) {
    int cut = end ? unscanned.length() : lastBoundary(unscanned);
    if (cut <= 0) {
      return;
    }
    for (String word : Words.of(unscanned.substring(0, cut))) {
      window.addLast(word);
      if (window.size() > leakWords) {
        window.removeFirst();
      }
      if (window.size() == leakWords && copied(String.join(" ", window))) {
        throw new AnswerLeak("the answer repeated " + leakWords + " words of the instructions");
      }
    }
    unscanned.delete(0, cut);
  }

  private boolean copied(String run) {
    for (Set<String> set : shingles) {
      if (set.contains(run)) {
        return true;
      }
    }
    return false;
  }

  private static int lastBoundary(CharSequence text) {
    for (int i = text.length() - 1; i >= 0; i--) {
      if (!Character.isLetterOrDigit(text.charAt(i))) {
        return i + 1;
      }
    }
    return 0;
  }

  /** The length of the longest end of the text that is a beginning of the marker. */
  private int heldBack(String lower) {
    for (int n = Math.min(canary.length() - 1, lower.length()); n > 0; n--) {
      if (canary.regionMatches(0, lower, lower.length() - n, n)) {
        return n;
      }
    }
    return 0;
  }
}
