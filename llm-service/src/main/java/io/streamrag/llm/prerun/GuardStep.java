package io.streamrag.llm.prerun;

import io.streamrag.kit.guard.Guardrail;
import java.util.concurrent.CompletableFuture;

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
  public CompletableFuture<Preparation> apply(Preparation preparation) {
    return guardrail
        .check(preparation.request().getMessage())
        .<CompletableFuture<Preparation>>map(
            refusal ->
                CompletableFuture.failedFuture(
                    new PreRunRefusal(refusal.code(), refusal.message())))
        .orElseGet(() -> CompletableFuture.completedFuture(preparation));
  }
}
