package io.streamrag.gateway.openai;

import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.web.Refusals;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** {@code GET /v1/models} and {@code GET /v1/models/{model}}: the pipelines the key may use. */
final class ModelsHandler {

  private final KnownModels known;
  private final long created = Instant.now().getEpochSecond();

  ModelsHandler(KnownModels known) {
    this.known = known;
  }

  Mono<ServerResponse> list(ServerRequest request) {
    return caller(request)
        .map(
            caller ->
                ServerResponse.ok()
                    .bodyValue(
                        Map.of(
                            "object",
                            "list",
                            "data",
                            caller.pipelines().stream().map(this::model).toList())))
        .orElseGet(() -> unauthorized(request));
  }

  Mono<ServerResponse> one(ServerRequest request) {
    String model = request.pathVariable("model");
    return caller(request)
        .map(
            caller ->
                known
                    .refusal(caller, model)
                    .map(OpenAiErrors::respond)
                    .orElseGet(() -> ServerResponse.ok().bodyValue(model(model))))
        .orElseGet(() -> unauthorized(request));
  }

  private static Optional<Caller> caller(ServerRequest request) {
    return Authenticated.of(request).caller();
  }

  private static Mono<ServerResponse> unauthorized(ServerRequest request) {
    return OpenAiErrors.respond(Refusals.unauthorized(Authenticated.of(request).token()));
  }

  private Map<String, Object> model(String pipeline) {
    var model = new LinkedHashMap<String, Object>();
    model.put("id", pipeline);
    model.put("object", "model");
    model.put("created", created);
    model.put("owned_by", "streamrag");
    return model;
  }
}
