package io.streamrag.gateway.openai;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.relay.AnswerSessions;
import io.streamrag.gateway.relay.Resumptions;
import io.streamrag.gateway.relay.StreamLedger;
import io.streamrag.kit.guard.Guardrails;
import io.streamrag.kit.guard.InputLengthGuardrail;
import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import java.time.Clock;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** The OpenAI-compatible API: {@code /v1/chat/completions} and {@code /v1/models}. */
@Configuration(proxyBeanMethods = false)
class OpenAiWiring {

  @Bean
  RouterFunction<ServerResponse> openAiRoutes(
      ApiKeys keys,
      AnswerSessions sessions,
      Resumptions resumptions,
      StreamLedger ledger,
      GatewayProperties properties,
      OpenAiProperties openAi,
      JsonMapper json,
      PromptInjectionGuardrail injectionGuard) {
    var known = new KnownModels(keys);
    var steps =
        new CompletionSteps(
            keys,
            known,
            new Guardrails(
                // the length first: it bounds what the injection guard reads (REQUIREMENTS S0.2)
                List.of(
                    new InputLengthGuardrail(properties.chat().maxMessageChars()), injectionGuard)),
            new Guardrails(List.of(injectionGuard, PassageScreen.standard())),
            sessions,
            json,
            Clock.systemUTC());
    var completions =
        new CompletionHandler(
            steps, resumptions, ledger, properties.chat(), openAi.maxBodyBytes(), json);
    var models = new ModelsHandler(keys, known);
    return RouterFunctions.route()
        .POST("/v1/chat/completions", completions::completions)
        .GET("/v1/models", models::list)
        .GET("/v1/models/{model}", models::one)
        .build();
  }
}
