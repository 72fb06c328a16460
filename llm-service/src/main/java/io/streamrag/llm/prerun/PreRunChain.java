package io.streamrag.llm.prerun;

import io.streamrag.schemas.chat.ChatRequested;
import java.util.List;

/**
 * What runs before the model, as an explicit list of steps in S0.2's order: prompt-injection guard,
 * input-length guard, config sync, then retrieval, with conversation memory (S0.7) and the
 * follow-up rewrite between config sync and retrieval, because retrieval searches the rewritten
 * question. The gateway runs the same two guards first, to refuse with an HTTP status before a
 * stream opens; running them here again keeps a request that reached the topic another way (a
 * replay, another producer) from skipping them.
 */
public final class PreRunChain {

  private final List<PreRunStep> steps;

  public PreRunChain(List<PreRunStep> steps) {
    this.steps = List.copyOf(steps);
  }

  /**
   * Runs every step in order.
   *
   * @throws PreRunRefusal when a step refuses the request
   */
  public Preparation run(ChatRequested request) {
    var preparation = Preparation.of(request);
    for (PreRunStep step : steps) {
      preparation = step.apply(preparation);
    }
    return preparation;
  }
}
