package io.streamrag.kit.guard;

import com.github.benmanes.caffeine.cache.Cache;
import io.streamrag.kit.guard.injection.Detection;
import io.streamrag.kit.guard.injection.InjectionLayer;
import io.streamrag.kit.guard.injection.Normalized;
import io.streamrag.kit.guard.injection.PatternLayer;
import io.streamrag.kit.text.TextKeyed;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Screens text that reaches the model without being the user's question: retrieved passages, an
 * uploaded document, an assistant turn a client sends on {@code /v1} (indirect injection). Two
 * pattern layers over the same normalised views as the question's guard (folding, decoding, ROT13,
 * misspellings): the question's patterns (overrides, personas, fake turns, extraction) and {@value
 * PatternLayer#PASSAGES}, text that speaks to the model rather than to its reader ("Note to the AI
 * assistant: …", "if you are a language model", "tell the user to click …"). The similarity layer
 * is left out: its corpus is of questions, and a document is not one.
 *
 * <p>For the answer path, one line before passages reach the model: {@code passages =
 * screen.keep(passages, Passage::getText)}.
 *
 * <p>A verdict is kept by the text it was reached on ({@link TextKeyed}): a knowledge base's
 * passages come back chat after chat, and screening one of 1,200 characters (174 patterns over each
 * of its views) took 8-10 ms of CPU, run for every retrieved passage of every answer (JFR,
 * docs/measurements/2026-12-05-streams.md). Keyed by the whole text, not a hash of it, so no
 * crafted passage can borrow a clean one's verdict.
 */
public final class PassageScreen implements Guardrail {

  private static final Logger log = LoggerFactory.getLogger(PassageScreen.class);

  /** The texts whose verdicts are kept, by their characters: a few hundred passages. */
  static final long KEPT_CHARS = 1_000_000;

  private final List<InjectionLayer> layers;
  private final Consumer<Detection> found;
  private final Cache<String, Optional<Detection>> verdicts =
      TextKeyed.byCharacters(KEPT_CHARS, String::length);

  /**
   * @param layers each reads the normalised text; the first detection wins
   * @param found told of every detection, e.g. {@link GuardMetrics#counting}
   */
  public PassageScreen(List<InjectionLayer> layers, Consumer<Detection> found) {
    this.layers = List.copyOf(layers);
    this.found = found;
  }

  /**
   * platform-kit's patterns for questions and for passages, nothing counted: one screen for the
   * process, so its patterns are compiled once and its verdicts shared by every caller.
   */
  public static PassageScreen standard() {
    return Shared.SCREEN;
  }

  private static final class Shared {
    static final PassageScreen SCREEN = standard(d -> {});
  }

  /**
   * platform-kit's patterns for questions and for passages, each detection told to {@code found}.
   */
  public static PassageScreen standard(Consumer<Detection> found) {
    return new PassageScreen(
        List.of(PatternLayer.standard(), PatternLayer.of(PatternLayer.PASSAGES)), found);
  }

  /** Why the text carries instructions for the model, or empty when it carries none. */
  public Optional<Detection> inspect(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    Optional<Detection> verdict = verdicts.get(text, this::screen);
    verdict.ifPresent(
        reported -> {
          log.info(
              "instructions for the model in a passage ({}, {}): {}; {} characters",
              reported.category(),
              reported.language(),
              reported.detail(),
              text.length());
          found.accept(reported);
        });
    return verdict;
  }

  private Optional<Detection> screen(String text) {
    var normalized = Normalized.of(text);
    for (InjectionLayer layer : layers) {
      var detection = layer.inspect(normalized);
      if (detection.isPresent()) {
        var d = detection.get();
        return Optional.of(new Detection("passage", d.category(), d.language(), d.detail()));
      }
    }
    return Optional.empty();
  }

  /** The passages without those that carry instructions for the model, in their order. */
  public <T> List<T> keep(List<T> passages, Function<T, String> text) {
    var kept = new ArrayList<T>(passages.size());
    for (T p : passages) {
      if (inspect(text.apply(p)).isEmpty()) {
        kept.add(p);
      }
    }
    return kept;
  }

  /** A refusal for a message of the conversation that carries instructions for the model. */
  @Override
  public Optional<Refusal> check(String text) {
    return inspect(text)
        .map(
            d ->
                new Refusal(
                    400,
                    "prompt_injection",
                    "a message of the conversation carries instructions for the assistant; send"
                        + " the conversation without them"));
  }
}
