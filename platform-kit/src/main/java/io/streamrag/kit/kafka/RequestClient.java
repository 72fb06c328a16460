package io.streamrag.kit.kafka;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.streamrag.schemas.TopicSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.requestreply.KafkaReplyTimeoutException;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * Calls another service over Kafka and waits, at most a given time, for its typed reply. A late
 * reply is a failed call, never a hang. When nearly all recent calls got no reply (at least 16 of
 * the last 20), the service is taken as down: calls fail at once for 10 s instead of each waiting
 * out its time, then one trial call decides (a Resilience4j circuit breaker). A chat then answers
 * degraded in milliseconds, not seconds, while retrieval-service is away.
 *
 * <p>Why not at half: with two replicas, one killed leaves the requests keyed to its partitions
 * unanswered until the group hands them over (the session timeout), about half of all calls. A
 * breaker opening at 50 % then failed every call, the live replica's too, for 10 s at a time. At 80
 * % over 20 calls, half failing opens it by chance once in about 170 windows (binomial), while a
 * service that is wholly down still opens it after 20 calls.
 *
 * @param <R> the reply record type
 */
public final class RequestClient<R extends SpecificRecord> {

  /** The calls the breaker judges by. */
  static final int WINDOW = 20;

  private final ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> template;
  private final TopicSpec requests;
  private final Class<R> replyType;
  private final CircuitBreaker breaker;

  public RequestClient(
      ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> template,
      TopicSpec requests,
      Class<R> replyType) {
    this.template = template;
    this.requests = requests;
    this.replyType = replyType;
    this.breaker =
        CircuitBreaker.of(
            requests.name(),
            CircuitBreakerConfig.custom()
                .failureRateThreshold(80)
                .minimumNumberOfCalls(WINDOW)
                .slidingWindowSize(WINDOW)
                .waitDurationInOpenState(Duration.ofSeconds(10))
                .permittedNumberOfCallsInHalfOpenState(1)
                .slowCallDurationThreshold(Duration.ofDays(1)) // timeouts are failures already
                .build());
  }

  /** CLOSED while the service answers, OPEN while calls fail at once, HALF_OPEN on trial. */
  public String state() {
    return breaker.getState().name();
  }

  /** Why a call got no usable reply. */
  public static final class CallFailed extends RuntimeException {
    public CallFailed(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Sends {@code request} keyed by {@code key} and waits for the reply: for callers that may wait.
   *
   * @throws CallFailed when no reply came within {@code timeout}, or the reply is not an {@code R}
   */
  public R call(String key, SpecificRecord request, Duration timeout) {
    try {
      return callAsync(key, request, timeout).join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof CallFailed failed
          ? failed
          : new CallFailed(requests.name() + " call failed: " + e.getCause().getMessage(), e);
    }
  }

  /**
   * Sends {@code request} keyed by {@code key}; the future completes with the reply, or fails with
   * {@link CallFailed} when none came within {@code timeout} or it is not an {@code R}. No thread
   * waits for it: the template's reply listener completes it, its scheduler times it out.
   */
  public CompletableFuture<R> callAsync(String key, SpecificRecord request, Duration timeout) {
    if (!breaker.tryAcquirePermission()) {
      return CompletableFuture.failedFuture(
          new CallFailed(
              "no reply on "
                  + requests.name()
                  + " to most recent calls: not waited for (circuit open, retried within 10 s)",
              null));
    }
    long start = System.nanoTime();
    return send(key, request, timeout)
        .whenComplete(
            (reply, error) -> {
              if (error == null) {
                breaker.onSuccess(System.nanoTime() - start, TimeUnit.NANOSECONDS);
              } else {
                breaker.onError(System.nanoTime() - start, TimeUnit.NANOSECONDS, error);
              }
            });
  }

  private CompletableFuture<R> send(String key, SpecificRecord request, Duration timeout) {
    var record = new ProducerRecord<String, SpecificRecord>(requests.name(), key, request);
    // The reply container reads every partition by hand, so the template cannot name the reply
    // topic itself: the request carries it.
    var assigned = template.getAssignedReplyTopicPartitions();
    if (assigned != null && !assigned.isEmpty()) {
      record
          .headers()
          .add(
              KafkaHeaders.REPLY_TOPIC,
              assigned.iterator().next().topic().getBytes(StandardCharsets.UTF_8));
    }
    CompletableFuture<ConsumerRecord<String, SpecificRecord>> future;
    try {
      // The template times the call out itself, on its scheduler.
      future = template.sendAndReceive(record, timeout);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(
          new CallFailed(requests.name() + " call failed: " + e.getMessage(), e));
    }
    return future.handle(
        (reply, error) -> {
          if (error != null) {
            Throwable cause =
                error instanceof CompletionException && error.getCause() != null
                    ? error.getCause()
                    : error;
            if (cause instanceof KafkaReplyTimeoutException) {
              throw new CallFailed("no reply on " + requests.name() + " within " + timeout, cause);
            }
            throw new CallFailed(requests.name() + " call failed: " + cause.getMessage(), cause);
          }
          if (!replyType.isInstance(reply.value())) {
            throw new CallFailed(
                "expected "
                    + replyType.getSimpleName()
                    + " on "
                    + reply.topic()
                    + ", got "
                    + (reply.value() == null
                        ? "nothing"
                        : reply.value().getClass().getSimpleName()),
                null);
          }
          return replyType.cast(reply.value());
        });
  }

  /** True once the reply listener has its partitions: calls made from then on get their reply. */
  public boolean ready() {
    var assigned = template.getAssignedReplyTopicPartitions();
    return assigned != null && !assigned.isEmpty();
  }
}
