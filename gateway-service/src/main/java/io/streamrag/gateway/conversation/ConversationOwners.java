package io.streamrag.gateway.conversation;

import io.streamrag.gateway.auth.Caller;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.chat.ConversationStarted;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Who owns each conversation: the API key ({@link Caller#owner()}: its id within its tenant, never
 * the free-text user name) and the sensor that started it, on the compacted {@code
 * chat.conversations} topic that every gateway replica follows. Only the owner may continue, read
 * or erase a conversation; to anyone else it does not exist.
 */
public final class ConversationOwners implements AutoCloseable {

  /** The longest a lookup waits to read what other replicas wrote before saying "unknown". */
  private static final Duration CATCH_UP = Duration.ofSeconds(2);

  private final TopicView<ConversationStarted> owners;

  /**
   * The catch-up in flight, shared by every lookup of an id not seen yet: a flood of unknown ids
   * costs one read to the topic's end at a time, not one client each.
   */
  private final AtomicReference<Mono<Boolean>> catchingUp = new AtomicReference<>();

  private final TopicWriter writer;
  private final Clock clock;

  /** Reads the topic to its end (or fails after {@code timeout}), then follows it. */
  public ConversationOwners(
      TopicReaders readers, TopicWriter writer, Clock clock, Duration timeout) {
    this.owners =
        TopicView.followVersioned(
                readers,
                ServiceTopics.CHAT_CONVERSATIONS.name(),
                ConversationStarted.class,
                c -> c.getStartedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.writer = writer;
    this.clock = clock;
  }

  /** A new conversation of this owner ({@link Caller#owner()}) and sensor, not yet published. */
  public ConversationStarted open(String owner, String sensorUuid) {
    return ConversationStarted.newBuilder()
        .setConversationId(UUID.randomUUID().toString())
        .setUserId(owner)
        .setSensorUuid(sensorUuid)
        .setStartedAt(clock.instant())
        .build();
  }

  /** Publishes a new conversation; this replica knows it at once, the others once they read it. */
  public CompletableFuture<?> publish(ConversationStarted conversation) {
    owners.update(conversation.getConversationId(), conversation);
    return writer.send(
        ServiceTopics.CHAT_CONVERSATIONS, conversation.getConversationId(), conversation);
  }

  /**
   * The conversation, when it exists and belongs to this owner ({@link Caller#owner()}) and sensor.
   * A conversation this replica has not seen yet (started through another replica a moment ago) is
   * looked up again after reading the topic to its end, off the event loop.
   */
  public Mono<ConversationStarted> owned(String conversationId, String owner, String sensorUuid) {
    return owned(
        conversationId, c -> c.getUserId().equals(owner) && c.getSensorUuid().equals(sensorUuid));
  }

  /** The conversation, when it exists and belongs to this caller, whichever of its sensors. */
  public Mono<ConversationStarted> owned(String conversationId, Caller caller) {
    return owned(
        conversationId,
        c -> c.getUserId().equals(caller.owner()) && caller.owns(c.getSensorUuid()));
  }

  private Mono<ConversationStarted> owned(
      String conversationId, Predicate<ConversationStarted> belongs) {
    var known = owners.get(conversationId);
    if (known.isPresent()) {
      return Mono.justOrEmpty(known.filter(belongs));
    }
    return caughtUp().flatMap(done -> Mono.justOrEmpty(owners.get(conversationId).filter(belongs)));
  }

  /** Joins the catch-up in flight, or starts one; off the event loop. */
  private Mono<Boolean> caughtUp() {
    var running = catchingUp.get();
    if (running != null) {
      return running;
    }
    var self = new AtomicReference<Mono<Boolean>>();
    var next =
        Mono.fromCallable(() -> owners.catchUp(CATCH_UP))
            .subscribeOn(Schedulers.boundedElastic())
            .doFinally(signal -> catchingUp.compareAndSet(self.get(), null))
            .cache();
    self.set(next);
    return catchingUp.compareAndSet(null, next) ? next : caughtUp();
  }

  @Override
  public void close() {
    owners.close();
  }
}
