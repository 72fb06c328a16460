package io.streamrag.llm.prerun;

import java.util.concurrent.CompletableFuture;

/**
 * One step of the pre-run chain (S0.2): takes what earlier steps prepared and adds its part.
 * Independent of the others, so each is tested alone; a step may stop the chain by failing with
 * {@link PreRunRefusal}. A step that waits (memory, a model, a search) completes its future when
 * the answer comes, holding no thread meanwhile.
 */
@FunctionalInterface
public interface PreRunStep {

  CompletableFuture<Preparation> apply(Preparation preparation);
}
