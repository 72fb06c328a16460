package io.streamrag.gateway.relay;

import io.micrometer.tracing.Tracer;
import io.streamrag.gateway.admission.ChatAdmission;
import io.streamrag.gateway.web.Refused;
import io.streamrag.kit.guard.Refusal;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.observability.TracingConfiguration;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerError;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerPartition;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.apache.kafka.common.header.Header;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The last steps of every chat API (the SSE chat and the OpenAI-compatible one): someone must be
 * there to answer; the request is published with its stream's {@code OPENED}; its answer events are
 * relayed to this replica, ending with an error event if a stage stops meanwhile.
 */
public final class AnswerSessions {

  private final ChatAdmission admission;
  private final StreamDrain drain;
  private final AnswerRelay relay;
  private final StreamLedger ledger;
  private final PipelineWatch watch;
  private final TopicWriter writer;
  private final Tracer tracer;
  private final Clock clock;

  public AnswerSessions(
      ChatAdmission admission,
      StreamDrain drain,
      AnswerRelay relay,
      StreamLedger ledger,
      PipelineWatch watch,
      TopicWriter writer,
      Tracer tracer,
      Clock clock) {
    this.admission = admission;
    this.drain = drain;
    this.relay = relay;
    this.ledger = ledger;
    this.watch = watch;
    this.writer = writer;
    this.tracer = tracer;
    this.clock = clock;
  }

  /** An id for a new request. */
  public String newRequestId() {
    return UUID.randomUUID().toString();
  }

  /**
   * Why nobody would answer now (a 503), or empty: checked again off the event loop when the last
   * check saw a stage down, since that may be up to one interval old.
   */
  public Mono<Refusal> unavailable() {
    if (watch.missing().isEmpty()) {
      return Mono.empty();
    }
    return Mono.fromCallable(watch::recheck)
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(missing -> Mono.justOrEmpty(missing.map(AnswerSessions::unavailable)));
  }

  /**
   * Takes a place for the request among its key's and the cluster's answers in flight, opens its
   * answer, then publishes it (with {@code alongside}, e.g. a new conversation, and its stream's
   * {@code OPENED}) and waits for the broker off the event loop. The place is held until the
   * answer's events end, however they end.
   *
   * @return its answer events, one generation at a time; a {@link Refused} 429 when its key has its
   *     answers in flight, 503 when this replica is stopping, every answering instance is busy or
   *     the broker did not take the request
   */
  public Mono<Flux<Relayed>> start(
      ChatRequested request, Supplier<CompletableFuture<?>> alongside) {
    if (drain.draining()) {
      return Mono.error(new Refused(drain.refusal()));
    }
    var decision = admission.admit(request.getUserId());
    if (decision instanceof ChatAdmission.Decision.Refused refused) {
      return Mono.error(new Refused(refused.refusal()));
    }
    var slot = ((ChatAdmission.Decision.Admitted) decision).slot();
    String id = request.getRequestId();
    // its answer goes to a partition this replica reads: named in the request, so llm-service
    // writes every event of it there
    Integer partition = relay.namePartition();
    // A stage seen stopping while this chat streams ends it with an error event at once.
    Flux<Relayed> events =
        relay
            .open(id, partition)
            .mergeWith(watch.stops().take(1).map(stage -> Relayed.Event.ours(stopped(id, stage))))
            .doFinally(signal -> slot.release());
    ledger.opened(request, partition);
    return Mono.just(request)
        // handle runs with the HTTP request's observation current: the records join its trace
        .<CompletableFuture<Void>>handle((r, sink) -> sink.next(send(r, partition, alongside)))
        .flatMap(Mono::fromFuture)
        .doOnError(e -> relay.cancel(id))
        .doOnError(e -> slot.release())
        .doOnCancel(slot::release)
        .thenReturn(events)
        .onErrorMap(
            e ->
                new Refused(
                    503,
                    "unavailable",
                    "the chat service cannot take questions right now; try again shortly",
                    null));
  }

  /**
   * Publishes the request, its stream's {@code OPENED} and {@code alongside} with its id as
   * baggage: it travels with the trace, and every service logs it as {@code request_id}.
   */
  private CompletableFuture<Void> send(
      ChatRequested request, Integer partition, Supplier<CompletableFuture<?>> alongside) {
    var headers =
        partition == null ? List.<Header>of() : List.of(AnswerPartition.header(partition));
    try (var baggage =
        tracer.createBaggageInScope(TracingConfiguration.REQUEST_ID, request.getRequestId())) {
      return CompletableFuture.allOf(
          alongside == null ? CompletableFuture.completedFuture(null) : alongside.get(),
          writer.send(ChatTopics.CHAT_REQUESTS, request.getConversationId(), request, headers),
          ledger.announce(request, partition));
    }
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
}
