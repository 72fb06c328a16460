package io.streamrag.gateway.advice;

import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.admission.Admission;
import io.streamrag.gateway.auth.Authenticated;
import io.streamrag.gateway.auth.Caller;
import io.streamrag.gateway.web.Bodies;
import io.streamrag.gateway.web.OffLoop;
import io.streamrag.gateway.web.Refusals;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.schemas.advice.AdviceKind;
import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationRequested;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/recommendations/irrigation} and {@code /fertilization} (S1.10). Admits a request
 * as chat does (the key, its sensor, its pipeline), asks llm-service over Kafka, and answers its
 * advice JSON byte for byte: the numbers are computed there from the field's data, never touched
 * here. No answer in time, or an answer with an error, is 503.
 */
final class AdviceHandler {

  private final Admission admission;
  private final RequestClient<RecommendationAnswered> llm;
  private final JsonMapper json;
  private final GatewayProperties.Chat limits;
  private final Duration timeout;
  private final Clock clock;

  AdviceHandler(
      Admission admission,
      RequestClient<RecommendationAnswered> llm,
      JsonMapper json,
      GatewayProperties properties,
      Clock clock) {
    this.admission = admission;
    this.llm = llm;
    this.json = json;
    this.limits = properties.chat();
    this.timeout = properties.recommendations().timeout();
    this.clock = clock;
  }

  Mono<ServerResponse> irrigation(ServerRequest request) {
    return recommend(request, AdviceKind.IRRIGATION);
  }

  Mono<ServerResponse> fertilization(ServerRequest request) {
    return recommend(request, AdviceKind.FERTILIZATION);
  }

  private Mono<ServerResponse> recommend(ServerRequest request, AdviceKind kind) {
    // 1. a known API key (authenticated once, by the filter)
    var who = Authenticated.of(request);
    var caller = who.caller();
    if (caller.isEmpty()) {
      return Refusals.respond(Refusals.unauthorized(who.token()));
    }
    String acceptLanguage = request.headers().firstHeader(HttpHeaders.ACCEPT_LANGUAGE);
    return Bodies.read(request, limits.maxBodyBytes())
        .map(body -> admit(caller.get(), kind, body, acceptLanguage))
        .flatMap(this::ask)
        .onErrorResume(Refused.class, e -> Refusals.respond(e.refusal()));
  }

  private RecommendationRequested admit(
      Caller caller, AdviceKind kind, byte[] raw, String acceptLanguage) {
    // 2. read the body
    var body = AdviceBody.parse(raw, json, limits.maxMessageChars());
    // 3. admission: the caller owns the sensor and may use the pipeline (else its default)
    var scope = admission.scope(caller, body.sensorUuid(), body.pipeline());
    String pipeline = scope.pipeline();
    // 4. and the guardrails: the farmer's own words reach the model that writes the reason
    if (body.query() != null) {
      admission
          .screenQuestion(body.query())
          .ifPresent(
              refusal -> {
                throw new Refused(refusal);
              });
    }
    // 5. the reason's language: the query's, else the client's preferred one
    return RecommendationRequested.newBuilder()
        .setCallId(UUID.randomUUID().toString())
        .setKind(kind)
        .setUserId(caller.owner())
        .setSensorUuid(body.sensorUuid())
        .setPipeline(pipeline)
        .setQuery(body.query())
        .setCrop(body.crop())
        .setLanguage(ReasonLanguage.of(body.query(), acceptLanguage))
        .setRequestedAt(clock.instant())
        .build();
  }

  /** 6. ask llm-service, off the event loop; 7. its advice as it came, or 503. */
  private Mono<ServerResponse> ask(RecommendationRequested call) {
    return OffLoop.call(() -> llm.call(call.getCallId(), call, timeout))
        .flatMap(reply -> respond(call, reply))
        .onErrorResume(
            RequestClient.CallFailed.class,
            e ->
                unavailable(
                    "the recommendation service did not answer within "
                        + timeout.toSeconds()
                        + " s; try again shortly"));
  }

  private static Mono<ServerResponse> respond(
      RecommendationRequested call, RecommendationAnswered reply) {
    if (reply.getError() != null) {
      return unavailable(reply.getError());
    }
    if (reply.getAdviceJson() == null) {
      return unavailable("the recommendation service sent no advice");
    }
    return ServerResponse.ok()
        .contentType(MediaType.APPLICATION_JSON)
        .header("X-Request-Id", call.getCallId())
        .bodyValue(reply.getAdviceJson().getBytes(StandardCharsets.UTF_8));
  }

  private static Mono<ServerResponse> unavailable(String message) {
    return Refusals.respond(503, "recommendation_unavailable", message);
  }
}
