package io.streamrag.gateway.openai;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.admission.Admission;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.relay.AnswerSessions;
import io.streamrag.gateway.relay.Resumptions;
import io.streamrag.gateway.relay.StreamLedger;
import java.time.Clock;
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
      Admission admission) {
    var known = new KnownModels(keys);
    var steps = new CompletionSteps(known, admission, sessions, json, Clock.systemUTC());
    var completions =
        new CompletionHandler(
            steps, resumptions, ledger, properties.chat(), openAi.maxBodyBytes(), json);
    var models = new ModelsHandler(known);
    return RouterFunctions.route()
        .POST("/v1/chat/completions", completions::completions)
        .GET("/v1/models", models::list)
        .GET("/v1/models/{model}", models::one)
        .build();
  }
}
