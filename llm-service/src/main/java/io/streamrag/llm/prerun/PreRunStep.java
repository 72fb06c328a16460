package io.streamrag.llm.prerun;

/**
 * One step of the pre-run chain (S0.2): takes what earlier steps prepared and adds its part.
 * Independent of the others, so each is tested alone; a step may stop the chain by throwing {@link
 * PreRunRefusal}.
 */
@FunctionalInterface
public interface PreRunStep {

  Preparation apply(Preparation preparation);
}
