package io.streamrag.gateway.openai;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.kit.guard.Refusal;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The models of the OpenAI-compatible API are the pipelines. A key may use its own ({@code GET
 * /v1/models}); a pipeline this gateway knows (the default, or another key's) is 403 to it, any
 * other name 404 {@code model_not_found}.
 */
final class KnownModels {

  private final Set<String> known = new TreeSet<>();

  KnownModels(GatewayProperties properties) {
    known.add(properties.chat().pipeline());
    properties.apiKeys().stream()
        .filter(k -> k.pipelines() != null)
        .forEach(k -> known.addAll(k.pipelines()));
  }

  /** Why the caller may not use the model, or empty when it may. */
  Optional<Refusal> refusal(Caller caller, String model) {
    if (caller.mayUse(model)) {
      return Optional.empty();
    }
    if (known.contains(model)) {
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
