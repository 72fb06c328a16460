package io.streamrag.gateway.openai;

import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.kit.guard.Refusal;
import java.util.Optional;

/**
 * The models of the OpenAI-compatible API are the pipelines. A key may use its own ({@code GET
 * /v1/models}); a pipeline this gateway knows (the default, or one some other key may use, issued
 * keys included, as they stand now) is 403 to it, any other name 404 {@code model_not_found}.
 */
final class KnownModels {

  private final ApiKeys keys;

  KnownModels(ApiKeys keys) {
    this.keys = keys;
  }

  /** Why the caller may not use the model, or empty when it may. */
  Optional<Refusal> refusal(Caller caller, String model) {
    if (caller.mayUse(model)) {
      return Optional.empty();
    }
    if (keys.knownPipelines().contains(model)) {
      return Optional.of(
          new Refusal(
              403, "model_not_allowed", "this API key may not use the model " + model, "model"));
    }
    return Optional.of(
        new Refusal(
            404,
            "model_not_found",
            "The model `" + model + "` does not exist; GET /v1/models lists yours",
            "model"));
  }
}
