package io.streamrag.llm.retrieval;

import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * Pre-run step 7, the retrieval mode (S2.3): the request's mode, else the pipeline's. {@code auto}
 * is agentic when the model that would answer now can call tools; {@code agentic} without such a
 * model falls back to classic, so knowledge is never silently lost.
 */
public final class ModeSelection implements PreRunStep {

  private final BooleanSupplier toolsAvailable;

  /**
   * @param toolsAvailable whether the provider that would answer now supports tool calling
   */
  public ModeSelection(BooleanSupplier toolsAvailable) {
    this.toolsAvailable = toolsAvailable;
  }

  @Override
  public CompletableFuture<Preparation> apply(Preparation p) {
    String asked = p.request().getMode() == null ? p.settings().mode() : p.request().getMode();
    boolean tools = toolsAvailable.getAsBoolean();
    String mode =
        switch (asked) {
          case "agentic", "auto" -> tools ? "agentic" : "classic";
          default -> "classic";
        };
    String why = tools ? "a tool-capable model answers now" : "no tool-capable model answers now";
    p.trace().mode(mode.equals(asked) ? mode : mode + " (" + asked + " asked; " + why + ")");
    return CompletableFuture.completedFuture(p.withMode(mode));
  }
}
