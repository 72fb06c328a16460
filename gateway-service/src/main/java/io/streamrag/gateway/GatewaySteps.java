package io.streamrag.gateway;

import io.micrometer.tracing.Tracer;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.gateway.chat.ChatBody;
import io.streamrag.gateway.conversation.ConversationOwners;
import io.streamrag.gateway.relay.PipelineWatch;
import io.streamrag.gateway.relay.TopicFanOut;
import io.streamrag.kit.guard.Guardrail;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.observability.TracingConfiguration;
import io.streamrag.kit.text.Language;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ConversationStarted;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/** gateway-service, step by step: admit a chat question, hand it to Kafka, relay its answer. */
public class GatewaySteps {

  private final ApiKeys keys;
  private final Guardrail guardrails;
  private final PipelineWatch watch;
  private final TopicFanOut<AnswerEvent> relay;
  private final ConversationOwners conversations;
  private final TopicWriter writer;
  private final JsonMapper json;
  private final Tracer tracer;
  private final Clock clock;

  public GatewaySteps(
      ApiKeys keys,
      Guardrail guardrails,
      PipelineWatch watch,
      TopicFanOut<AnswerEvent> relay,
      ConversationOwners conversations,
      TopicWriter writer,
      JsonMapper json,
      Tracer tracer,
      Clock clock) {
    this.keys = keys;
    this.guardrails = guardrails;
    this.watch = watch;
    this.relay = relay;
    this.conversations = conversations;
    this.writer = writer;
    this.json = json;
    this.tracer = tracer;
    this.clock = clock;
  }

  /** What became of a chat request. */
  public sealed interface Outcome {

    /** Not answered, with the status and reason the caller gets. */
    record Refused(Refusal refusal) implements Outcome {}

    /** Published; its answer events follow. */
    record Answering(ChatRequested request, Flux<AnswerEvent> events) implements Outcome {}
  }

  /**
   * Handles {@code POST /api/rag/chat}.
   *
   * @param token the bearer token, or {@code null}
   * @param body the raw request body
   */
  public Mono<Outcome> chat(String token, byte[] body) {
    // 1. authenticate the API key
    var caller = keys.authenticate(token);
    if (caller.isEmpty()) {
      return refuse(
          new Refusal(
              401,
              "unauthorized",
              token == null
                  ? "missing API key: send Authorization: Bearer <api key>"
                  : "unknown API key"));
    }
    // 2. read the body
    ChatBody chat;
    try {
      chat = ChatBody.parse(body, json);
    } catch (ChatBody.Invalid invalid) {
      return refuse(invalid.refusal());
    }
    // 3. the caller must own the sensor: it becomes the only tenant filter retrieval applies (S1.6)
    if (!caller.get().owns(chat.sensorUuid())) {
      return refuse(
          new Refusal(
              403,
              "forbidden_sensor",
              "this API key may not use sensor " + chat.sensorUuid(),
              "sensor_uuid"));
    }
    // and may use the pipeline it names (else its default): retrieval searches only its KBs
    String pipeline = chat.pipeline() == null ? caller.get().pipelines().get(0) : chat.pipeline();
    if (!caller.get().mayUse(pipeline)) {
      return refuse(
          new Refusal(
              403,
              "forbidden_pipeline",
              "this API key may not use pipeline " + pipeline,
              "pipeline"));
    }
    // 4. guardrails, in order: prompt injection, then input length (S0.2)
    var refusal = guardrails.check(chat.message());
    if (refusal.isPresent()) {
      return refuse(refusal.get());
    }
    // 5. someone must be there to answer: else 503 now, not a timeout later
    if (watch.missing().isPresent()) {
      String user = caller.get().user();
      return Mono.fromCallable(watch::recheck)
          .subscribeOn(Schedulers.boundedElastic())
          .flatMap(
              missing ->
                  missing.isPresent()
                      ? refuse(unavailable(missing.get()))
                      : converse(chat, pipeline, user));
    }
    return converse(chat, pipeline, caller.get().user());
  }

  /** Step 6, then 7. */
  private Mono<Outcome> converse(ChatBody chat, String pipeline, String user) {
    // 6. the conversation: one the caller started with this sensor, else 404; or a new one (S0.7)
    if (chat.conversationId() == null) {
      return publish(chat, pipeline, user, conversations.open(user, chat.sensorUuid()));
    }
    return conversations
        .owned(chat.conversationId(), user, chat.sensorUuid())
        .flatMap(owned -> publish(chat, pipeline, user, null))
        .switchIfEmpty(
            refuse(
                new Refusal(
                    404,
                    "conversation_not_found",
                    "you have no conversation "
                        + chat.conversationId()
                        + " with this sensor; send no conversation_id to start one",
                    "conversation_id")));
  }

  /**
   * Step 7: opens the answer session first, then publishes the request (and the new conversation,
   * if any) and waits for the broker off the event loop.
   */
  private Mono<Outcome> publish(
      ChatBody chat, String pipeline, String user, ConversationStarted started) {
    var request =
        ChatRequested.newBuilder()
            .setRequestId(UUID.randomUUID().toString())
            .setConversationId(
                started == null ? chat.conversationId() : started.getConversationId())
            .setUserId(user)
            .setSensorUuid(chat.sensorUuid())
            .setPipeline(pipeline)
            .setMessage(chat.message().strip())
            .setLanguage(Language.detect(chat.message()))
            .setMode(chat.mode())
            .setRequestedAt(clock.instant())
            .build();
    // A stage seen stopping while this chat streams ends it with an error event at once.
    Flux<AnswerEvent> events =
        relay
            .open(request.getRequestId())
            .mergeWith(watch.stops().take(1).map(stage -> stopped(request.getRequestId(), stage)));
    return Mono.just(request)
        // handle runs with the HTTP request's observation current: the records join its trace
        .<CompletableFuture<Void>>handle((r, sink) -> sink.next(send(r, started)))
        .flatMap(Mono::fromFuture)
        .doOnError(e -> relay.cancel(request.getRequestId()))
        .thenReturn((Outcome) new Outcome.Answering(request, events))
        .onErrorResume(
            e ->
                refuse(
                    new Refusal(
                        503,
                        "unavailable",
                        "the chat service cannot take questions right now; try again shortly")));
  }

  private static Refusal unavailable(PipelineWatch.Stage stage) {
    return new Refusal(
        503,
        "pipeline_unavailable",
        stage.service()
            + " is not running (nobody consumes "
            + stage.topic()
            + "); try again shortly");
  }

  private AnswerEvent stopped(String requestId, PipelineWatch.Stage stage) {
    return AnswerEvent.newBuilder()
        .setRequestId(requestId)
        .setSeq(Integer.MAX_VALUE)
        .setType(AnswerEventType.ERROR)
        .setEmittedAt(clock.instant())
        .setError(
            new AnswerError(
                "pipeline_unavailable",
                stage.service() + " stopped while answering; please ask again shortly"))
        .build();
  }

  /**
   * Publishes the request (and the new conversation, if any) with its id as baggage: it travels
   * with the trace, and every service logs it as {@code request_id}.
   */
  private CompletableFuture<Void> send(ChatRequested request, ConversationStarted started) {
    try (var baggage =
        tracer.createBaggageInScope(TracingConfiguration.REQUEST_ID, request.getRequestId())) {
      return CompletableFuture.allOf(
          started == null
              ? CompletableFuture.completedFuture(null)
              : conversations.publish(started),
          writer.send(Topics.CHAT_REQUESTS, request.getConversationId(), request));
    }
  }

  private static Mono<Outcome> refuse(Refusal refusal) {
    return Mono.just(new Outcome.Refused(refusal));
  }
}
