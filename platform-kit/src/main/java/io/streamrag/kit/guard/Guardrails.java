package io.streamrag.kit.guard;

import java.util.List;
import java.util.Optional;

/** The guardrails in order (S0.2: prompt injection, then input length); the first refusal wins. */
public final class Guardrails implements Guardrail {

  private final List<Guardrail> chain;

  public Guardrails(List<Guardrail> chain) {
    this.chain = List.copyOf(chain);
  }

  @Override
  public Optional<Refusal> check(String message) {
    for (Guardrail g : chain) {
      var refusal = g.check(message);
      if (refusal.isPresent()) {
        return refusal;
      }
    }
    return Optional.empty();
  }
}
