package io.streamrag.llm.prerun;

import io.streamrag.kit.guard.Guardrail;

/** A guardrail of platform-kit as a pre-run step: its refusal stops the chain. */
public final class GuardStep implements PreRunStep {

  private final Guardrail guardrail;

  public GuardStep(Guardrail guardrail) {
    this.guardrail = guardrail;
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
