package io.streamrag.kit.kafka;

import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.BackOff;

/**
 * What a {@link TopicFollow} does with a record its handler cannot take: one policy per kind.
 *
 * <ul>
 *   <li>{@link #logAndSkip()}, a view's: every replica reads the record, so filing it would file it
 *       once per replica; it is logged and skipped, and the follow goes on.
 *   <li>{@link #retryThenDeadLetter}, for an owner that must lose nothing (the index feed): a
 *       record that can never be applied (undecodable, or refused by the handler with one of the
 *       named exceptions) goes to its catalogue dead-letter topic through platform-kit's {@link
 *       DeadLetters}; any other failure is retried with back-off by spring-kafka's {@link
 *       DefaultErrorHandler} (the poll again, skipping what was handled), for as long as the
 *       back-off allows.
 * </ul>
 */
public final class FollowFailures {

  private static final Logger log = LoggerFactory.getLogger(TopicFollow.class);

  private final BackOff backOff;
  private final List<Class<? extends RuntimeException>> refused;

  private FollowFailures(BackOff backOff, List<Class<? extends RuntimeException>> refused) {
    this.backOff = backOff;
    this.refused = refused;
  }

  /** Logs and skips a record that cannot be decoded or handled. */
  public static FollowFailures logAndSkip() {
    return new FollowFailures(null, List.of());
  }

  /**
   * Files what can never be applied as a dead letter and retries the rest.
   *
   * @param backOff how a failing poll is retried
   * @param refused the handler's exceptions that mean "never applicable" (an undecodable record is)
   */
  @SafeVarargs
  public static FollowFailures retryThenDeadLetter(
      BackOff backOff, Class<? extends RuntimeException>... refused) {
    return new FollowFailures(backOff, List.of(refused));
  }

  /** The container's error handler; {@code null} when the handler's failures never leave it. */
  CommonErrorHandler errorHandler() {
    return backOff == null ? null : new DefaultErrorHandler(backOff);
  }

  boolean deadLetters() {
    return backOff != null;
  }

  /**
   * Runs the handler on one record under this policy.
   *
   * @param files the dead-letter recoverer, {@code null} for a view
   * @throws RuntimeException a failure to retry (only with dead letters)
   */
  <V> void handle(
      Followed<V> record,
      TopicFollow.Handler<V> handler,
      Consumer<?, ?> consumer,
      DeadLetterPublishingRecoverer files) {
    try {
      handler.handle(record);
    } catch (RuntimeException e) {
      if (files == null) {
        skip(record, e);
      } else if (neverApplicable(e)) {
        log.warn(
            "{}-{}@{} ({}) filed as a dead letter: {}",
            record.source().topic(),
            record.partition(),
            record.offset(),
            record.key(),
            e.getMessage());
        files.accept(record.source(), consumer, e);
      } else {
        throw e;
      }
    }
  }

  private boolean neverApplicable(RuntimeException e) {
    return e instanceof UndecodableRecordException
        || refused.stream().anyMatch(type -> type.isInstance(e));
  }

  private static void skip(Followed<?> record, RuntimeException e) {
    if (e instanceof UndecodableRecordException) {
      SkippedRecords.unreadable(log, record.source(), e);
    } else {
      log.error(
          "skipped {}-{}@{} ({}): its handler failed",
          record.source().topic(),
          record.partition(),
          record.offset(),
          record.key(),
          e);
    }
  }
}
