package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.FollowFrom;
import io.streamrag.kit.kafka.Followed;
import io.streamrag.kit.kafka.TopicFollow;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.StreamChange;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * The chat streams of the last {@code resume-window}, as every gateway replica knows them from
 * {@code chat.streams}: who asked (only they may resume), and which cancels are pending.
 *
 * <p>A stream whose caller leaves before its end is cancelled after {@code cancel-grace}, unless it
 * is resumed first on any replica: the replica that resumes it publishes {@code RESUMED}, and the
 * one holding the pending cancel drops it when it reads that. The cancel itself is a {@code
 * CANCELLED}, which llm-service reads to stop the answer. A restarted replica reads the topic from
 * one window back, so it knows the streams it may be asked to resume.
 */
public final class StreamLedger implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(StreamLedger.class);

  /** A stream someone may resume. */
  public record Open(
      String requestId,
      String userId,
      String conversationId,
      String pipeline,
      Instant askedAt,
      Integer answerPartition) {}

  /** A cancel waiting for the grace, for the connection opened at {@code connectedAt}. */
  private record Pending(Instant connectedAt, Disposable cancel) {}

  private final TopicWriter writer;
  private final StreamProperties settings;
  private final Clock clock;
  private final Map<String, Open> open = new ConcurrentHashMap<>();
  private final Map<String, Pending> pending = new ConcurrentHashMap<>();
  private final Map<String, Instant> lastResumed = new ConcurrentHashMap<>();
  private final TopicFollow<ChatStreamChanged> follow;
  private volatile Instant lastSweep = Instant.EPOCH;

  public StreamLedger(
      TopicReaders readers, TopicWriter writer, StreamProperties settings, Clock clock) {
    this.writer = writer;
    this.settings = settings;
    this.clock = clock;
    // from offsets resolved now: a stream opened elsewhere while this one starts is known here
    this.follow =
        TopicFollow.of(readers, ChatTopics.CHAT_STREAMS.name(), ChatStreamChanged.class)
            .named("gateway-streams")
            .from(FollowFrom.since(clock.instant().minus(settings.resumeWindow())))
            .start(this::onRecord);
  }

  /**
   * A new stream, known here at once; {@link #announce} tells the other replicas.
   *
   * @param answerPartition the partition of chat.answers its answer goes to; null: its id's
   */
  public void opened(ChatRequested request, Integer answerPartition) {
    remember(
        new Open(
            request.getRequestId(),
            request.getUserId(),
            request.getConversationId(),
            request.getPipeline(),
            request.getRequestedAt(),
            answerPartition));
  }

  /** Publishes the stream's {@code OPENED}, with where its answer goes. */
  public CompletableFuture<?> announce(ChatRequested request, Integer answerPartition) {
    return send(
        ChatStreamChanged.newBuilder()
            .setRequestId(request.getRequestId())
            .setChange(StreamChange.OPENED)
            .setUserId(request.getUserId())
            .setConversationId(request.getConversationId())
            .setPipeline(request.getPipeline())
            .setAnswerPartition(answerPartition)
            .setAt(request.getRequestedAt())
            .build());
  }

  /** The stream, if it was opened within the window. */
  public Optional<Open> find(String requestId) {
    return Optional.ofNullable(open.get(requestId)).filter(this::withinWindow);
  }

  /**
   * The caller left before the answer's end: its answer is cancelled after the grace, unless the
   * stream is resumed first. A connection that a resume has already replaced (its caller came back
   * on another before this one was seen closing) cancels nothing.
   *
   * @param connectedAt when the connection that closed was opened
   */
  public void left(String requestId, String userId, Instant connectedAt) {
    Instant resumed = lastResumed.get(requestId);
    if (resumed != null && resumed.isAfter(connectedAt)) {
      return;
    }
    Disposable cancel =
        Mono.delay(settings.cancelGrace())
            .subscribe(
                tick -> {
                  if (pending.remove(requestId) != null) {
                    log.info("the caller of {} left and did not come back: cancelled", requestId);
                    send(change(requestId, userId, StreamChange.CANCELLED));
                  }
                });
    var before = pending.put(requestId, new Pending(connectedAt, cancel));
    if (before != null) {
      before.cancel().dispose();
    }
  }

  /**
   * Cancels the stream's answer now: its caller asked to, or waited past the timeout. The model
   * call stops as soon as llm-service reads it.
   */
  public CompletableFuture<?> cancel(String requestId, String userId) {
    var before = pending.remove(requestId);
    if (before != null) {
      before.cancel().dispose();
    }
    return send(change(requestId, userId, StreamChange.CANCELLED));
  }

  /** The caller came back: no replica cancels the stream now. */
  public CompletableFuture<?> resumed(Open stream) {
    Instant now = clock.instant();
    lastResumed.merge(stream.requestId(), now, (a, b) -> a.isAfter(b) ? a : b);
    dropPendingCancel(stream.requestId(), now);
    return send(change(stream.requestId(), stream.userId(), StreamChange.RESUMED));
  }

  /** How many streams are known here. */
  public int size() {
    return open.size();
  }

  @Override
  public void close() {
    pending.values().forEach(p -> p.cancel().dispose());
    follow.close();
  }

  /** One change of a stream; an unreadable record is logged and skipped by the follow. */
  private void onRecord(Followed<ChatStreamChanged> record) {
    var change = record.value();
    if (change == null) {
      return;
    }
    switch (change.getChange()) {
      case OPENED ->
          remember(
              new Open(
                  change.getRequestId(),
                  change.getUserId(),
                  change.getConversationId(),
                  change.getPipeline(),
                  change.getAt(),
                  change.getAnswerPartition()));
      case RESUMED -> {
        lastResumed.merge(change.getRequestId(), change.getAt(), (a, b) -> a.isAfter(b) ? a : b);
        dropPendingCancel(change.getRequestId(), change.getAt());
      }
      case CANCELLED -> {}
    }
  }

  /**
   * A resume drops the cancel of a connection opened before it, even one this replica saw closing
   * only after the resume (a slow close, or the resume's record read late), and not the cancel of a
   * connection opened after it: that is the resumed connection leaving again.
   */
  private void dropPendingCancel(String requestId, Instant resumedAt) {
    pending.computeIfPresent(
        requestId,
        (id, p) -> {
          if (p.connectedAt().isAfter(resumedAt)) {
            return p;
          }
          p.cancel().dispose();
          return null;
        });
  }

  private void remember(Open stream) {
    Instant now = clock.instant();
    Instant last = lastSweep;
    if (now.isAfter(last.plusSeconds(10))) {
      lastSweep = now;
      Instant oldest = now.minus(settings.resumeWindow());
      open.values().removeIf(s -> s.askedAt().isBefore(oldest));
      lastResumed.keySet().removeIf(id -> !open.containsKey(id));
    }
    open.putIfAbsent(stream.requestId(), stream);
  }

  private boolean withinWindow(Open stream) {
    return !stream.askedAt().isBefore(clock.instant().minus(settings.resumeWindow()));
  }

  private ChatStreamChanged change(String requestId, String userId, StreamChange change) {
    return ChatStreamChanged.newBuilder()
        .setRequestId(requestId)
        .setChange(change)
        .setUserId(userId)
        .setAt(clock.instant())
        .build();
  }

  private CompletableFuture<?> send(ChatStreamChanged change) {
    return writer
        .send(ChatTopics.CHAT_STREAMS, change.getRequestId(), change)
        .whenComplete(
            (ok, error) -> {
              if (error != null) {
                log.warn(
                    "{} of {} not published: {}",
                    change.getChange(),
                    change.getRequestId(),
                    error.getMessage());
              }
            });
  }
}
