package io.streamrag.llm.config;

import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import java.util.concurrent.CompletableFuture;

/**
 * Pre-run step 3, config sync (S0.3): takes the pipeline's prompts and memory limits and the KB
 * tones as they are now, so this answer uses one consistent configuration even if an administrator
 * changes it meanwhile.
 */
public final class ConfigSync implements PreRunStep {

  private final LiveConfig live;

  public ConfigSync(LiveConfig live) {
    this.live = live;
  }

  @Override
  public CompletableFuture<Preparation> apply(Preparation preparation) {
    String pipeline = preparation.request().getPipeline();
    return CompletableFuture.completedFuture(
        preparation.withConfig(live.settings(pipeline), live.tones(pipeline)));
  }
}
