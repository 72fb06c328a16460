package io.streamrag.gateway.web;

import io.micrometer.context.ContextSnapshotFactory;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Work a request starts outside Reactor's operators, run with the request's observation current, so
 * the records it sends join the request's trace and its log lines carry the trace's ids.
 *
 * <p>The gateway runs Reactor's context propagation {@code limited}, not {@code auto}
 * (gateway-service.yml): with {@code auto}, every operator of every answer stream that restores
 * thread locals opened the request's observation scope (its span, its baggage matched against its
 * key values) for every token relayed, some 15 % of the gateway's CPU with 200 answers streaming
 * (JFR, docs/measurements/2026-12-07-streams-cpu.md). Reactor still restores thread locals in
 * {@code handle} and {@code tap}; the work that leaves Reactor for a blocking call or a future goes
 * through here.
 */
public final class OffLoop {

  private static final ContextSnapshotFactory SNAPSHOTS = ContextSnapshotFactory.builder().build();

  private OffLoop() {}

  /** Runs blocking {@code work} on a bounded elastic thread, inside the request's context. */
  public static <T> Mono<T> call(Callable<T> work) {
    return Mono.deferContextual(
            context ->
                Mono.fromCallable(
                    () -> {
                      try (var scope = SNAPSHOTS.setThreadLocalsFrom(context)) {
                        return work.call();
                      }
                    }))
        .subscribeOn(Schedulers.boundedElastic());
  }

  /**
   * Starts {@code work} on the subscribing thread, inside the request's context; completes when its
   * future does.
   */
  public static Mono<Void> future(Supplier<? extends CompletableFuture<?>> work) {
    return Mono.deferContextual(
        context -> {
          try (var scope = SNAPSHOTS.setThreadLocalsFrom(context)) {
            return Mono.fromFuture(work.get()).then();
          }
        });
  }
}
