package io.streamrag.llm.prerun;

import io.streamrag.kit.guard.Guardrail;

/** A guardrail of platform-kit as a pre-run step: its refusal stops the chain. */
public final class GuardStep implements PreRunStep {

  private final Guardrail guardrail;

  public GuardStep(Guardrail guardrail) {
    this.guardrail = guardrail;
  }

  /** The guardrail's class, as this step's name. */
  String name() {
    return guardrail.getClass().getSimpleName();
  }

  @Override
  public Preparation apply(Preparation preparation) {
    guardrail
        .check(preparation.request().getMessage())
        .ifPresent(
            refusal -> {
              throw new PreRunRefusal(refusal.code(), refusal.message());
            });
    return preparation;
  }
}
