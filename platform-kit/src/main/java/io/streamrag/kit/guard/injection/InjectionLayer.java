package io.streamrag.kit.guard.injection;

import java.util.Optional;

/**
 * One layer of the prompt-injection guard: reads the normalised message and says whether it is an
 * attack. Implementations: {@link PatternLayer} (multilingual patterns), {@link SimilarityLayer}
 * (closeness to a corpus of known attacks), and llm-service's model judge.
 */
@FunctionalInterface
public interface InjectionLayer {

  /** A detection, or empty when this layer lets the message pass. */
  Optional<Detection> inspect(Normalized message);
}
