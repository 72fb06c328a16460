package io.streamrag.kit.guard;

import java.util.Optional;

/**
 * One pre-run check of a chat message (S0.2): independent, composable, unit-testable. Security
 * never depends on a guardrail; tenant filters come from the authenticated request alone.
 */
@FunctionalInterface
public interface Guardrail {

  /** A refusal, or empty when the message may go on. */
  Optional<Refusal> check(String message);
}
