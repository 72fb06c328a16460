package io.streamrag.kit.guard;

import io.streamrag.kit.guard.injection.Detection;
import io.streamrag.kit.guard.injection.InjectionLayer;
import io.streamrag.kit.guard.injection.Normalized;
import io.streamrag.kit.guard.injection.PatternLayer;
import io.streamrag.kit.guard.injection.SimilarityLayer;
import io.streamrag.kit.text.Language;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses messages that try to override the assistant's instructions, make it play another part,
 * fake a system or developer turn, switch on a "developer mode", extract its prompt, or reach other
 * users' data: in layers, cheapest first, the first detection wins (see the README, "Guardrails").
 * Every refusal is logged (layer, kind, language; never the message) and handed to a listener,
 * which the services use to count it ({@link GuardMetrics}).
 */
public final class PromptInjectionGuardrail implements Guardrail {

  private static final Logger log = LoggerFactory.getLogger(PromptInjectionGuardrail.class);

  private final InjectionLayer patterns;
  private final InjectionLayer similarity;
  private final Optional<InjectionLayer> judge;
  private final Consumer<Detection> blocked;

  /** Patterns and platform-kit's corpus of known attacks; no model judge, nothing counted. */
  public PromptInjectionGuardrail() {
    this(PatternLayer.standard(), SimilarityLayer.standard(), null, detection -> {});
  }

  /**
   * @param patterns layer 1, e.g. {@link PatternLayer#standard()}
   * @param similarity layer 2, e.g. a {@link SimilarityLayer} over a live corpus
   * @param judge layer 3, a model asked to classify; null for none
   * @param blocked told of every detection (with its language filled in)
   */
  public PromptInjectionGuardrail(
      InjectionLayer patterns,
      InjectionLayer similarity,
      InjectionLayer judge,
      Consumer<Detection> blocked) {
    this.patterns = patterns;
    this.similarity = similarity;
    this.judge = Optional.ofNullable(judge);
    this.blocked = blocked;
  }

  @Override
  public Optional<Refusal> check(String message) {
    return inspect(message)
        .map(
            d ->
                new Refusal(
                    400,
                    "prompt_injection",
                    "the message tries to change the assistant's instructions or reach data that is"
                        + " not yours; ask your question directly"));
  }

  /** Why the message is an attack, or empty when it may go on. */
  public Optional<Detection> inspect(String message) {
    if (message == null || message.isBlank()) {
      return Optional.empty();
    }
    // 1. normalise: one spelling for many (case, Unicode forms, Arabic letter forms, invisible
    // characters, look-alikes, leetspeak), and what an encoded part says, decoded
    var text = Normalized.of(message);
    // 2. patterns per language and kind of attack: precise, and free
    var detection = patterns.inspect(text);
    // 3. closeness to known attacks, the corpus operators extend
    if (detection.isEmpty()) {
      detection = similarity.inspect(text);
    }
    // 4. a model asked to classify, when one is configured: slow, so last
    if (detection.isEmpty() && judge.isPresent()) {
      detection = judge.get().inspect(text);
    }
    return detection.map(d -> reported(d, message));
  }

  private Detection reported(Detection d, String message) {
    var detection =
        "und".equals(d.language())
            ? new Detection(d.layer(), d.category(), Language.detect(message), d.detail())
            : d;
    log.info(
        "prompt injection refused by {} ({}, {}): {}; {} characters",
        detection.layer(),
        detection.category(),
        detection.language(),
        detection.detail(),
        message.length());
    blocked.accept(detection);
    return detection;
  }
}
