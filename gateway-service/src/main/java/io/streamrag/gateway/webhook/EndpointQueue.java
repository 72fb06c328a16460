package io.streamrag.gateway.webhook;

import io.streamrag.gateway.GatewayProperties;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.support.ExponentialBackOffWithMaxRetries;
import org.springframework.util.backoff.BackOffExecution;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.util.concurrent.Queues;
import reactor.util.retry.Retry;

/**
 * One webhook's deliveries, in order, off the consumer threads: a bounded queue drained by one
 * delivery at a time, each POST retried with exponential back-off and, after its last attempt,
 * dead-lettered. A slow or dead receiver holds up only its own queue. A queue that is full
 * dead-letters the new alert at once: nothing is dropped, and memory stays bounded.
 */
final class EndpointQueue implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EndpointQueue.class);

  /** One alert owed to this webhook, and what to complete once it is delivered or filed. */
  record Delivery(
      ConsumerRecord<?, ?> record, String alertId, byte[] body, CompletableFuture<Void> done) {}

  private final WebhookTargets.Target target;
  private final WebhookPoster poster;
  private final ConsumerRecordRecoverer deadLetters;
  private final GatewayProperties.Webhooks settings;
  private final Sinks.Many<Delivery> queue;
  private final AtomicInteger waiting = new AtomicInteger();
  private final Disposable worker;

  EndpointQueue(
      WebhookTargets.Target target,
      WebhookPoster poster,
      ConsumerRecordRecoverer deadLetters,
      GatewayProperties.Webhooks settings,
      int capacity) {
    this.target = target;
    this.poster = poster;
    this.deadLetters = deadLetters;
    this.settings = settings;
    this.queue = Sinks.many().unicast().onBackpressureBuffer(Queues.<Delivery>get(capacity).get());
    this.worker = queue.asFlux().concatMap(this::deliver, 1).subscribe();
  }

  /** Queues the alert for this webhook; the future completes once it is delivered or filed. */
  synchronized CompletableFuture<Void> offer(
      ConsumerRecord<?, ?> record, String alertId, byte[] body) {
    var delivery = new Delivery(record, alertId, body, new CompletableFuture<>());
    if (queue.tryEmitNext(delivery).isSuccess()) {
      waiting.incrementAndGet();
      return delivery.done();
    }
    var full =
        new WebhookFailed(
            alertId,
            List.of(target.user()),
            new IllegalStateException(target.user() + "'s webhook queue is full"));
    deadLetter(delivery, full).subscribe();
    return delivery.done();
  }

  private Mono<Void> deliver(Delivery delivery) {
    return Mono.defer(
            () -> Mono.fromFuture(poster.post(target, delivery.alertId(), delivery.body())))
        .retryWhen(backOff())
        .then(Mono.fromRunnable(() -> delivery.done().complete(null)))
        .onErrorResume(
            e -> {
              log.warn("alert {}: {}", delivery.alertId(), e.getMessage());
              return deadLetter(
                  delivery, new WebhookFailed(delivery.alertId(), List.of(target.user()), e));
            })
        .doFinally(signal -> waiting.decrementAndGet())
        .then();
  }

  /** Files the alert for this webhook, off the event loop; the delivery is done once it is. */
  private Mono<Void> deadLetter(Delivery delivery, WebhookFailed failed) {
    return Mono.<Void>fromRunnable(() -> deadLetters.accept(delivery.record(), failed))
        .subscribeOn(Schedulers.boundedElastic())
        .doOnSuccess(
            v -> {
              log.warn("alert {} dead-lettered: {}", delivery.alertId(), failed.getMessage());
              delivery.done().complete(null);
            })
        .onErrorResume(
            e -> {
              // not filed: not acknowledged either, so it is read again after a restart
              log.error("alert {} neither delivered nor dead-lettered", delivery.alertId(), e);
              delivery.done().completeExceptionally(e);
              return Mono.empty();
            });
  }

  /** {@code attempts} POSTs in all, apart as the settings say (Spring's exponential back-off). */
  private Retry backOff() {
    return Retry.from(
        signals -> {
          var policy = new ExponentialBackOffWithMaxRetries(settings.attempts() - 1);
          policy.setInitialInterval(settings.initialInterval().toMillis());
          policy.setMultiplier(settings.multiplier());
          policy.setMaxInterval(settings.maxInterval().toMillis());
          BackOffExecution execution = policy.start();
          return signals.concatMap(
              signal -> {
                long next = execution.nextBackOff();
                return next == BackOffExecution.STOP
                    ? Mono.error(signal.failure())
                    : Mono.delay(Duration.ofMillis(next));
              });
        });
  }

  /** Alerts waiting for this webhook, or being delivered. */
  int waiting() {
    return waiting.get();
  }

  /** False if its worker stopped: its alerts would wait forever (health shows it). */
  boolean isWorking() {
    return !worker.isDisposed();
  }

  String user() {
    return target.user();
  }

  @Override
  public void close() {
    queue.tryEmitComplete();
    worker.dispose();
  }
}
