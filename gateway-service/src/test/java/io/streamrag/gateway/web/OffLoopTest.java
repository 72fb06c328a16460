package io.streamrag.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;

/**
 * With Reactor's context propagation limited (the gateway's setting), a request's observation lives
 * in the Reactor context only: work handed off through {@link OffLoop} still runs with it current,
 * so what it sends joins the request's trace.
 */
class OffLoopTest {

  private final ObservationRegistry registry =
      ObservationThreadLocalAccessor.getInstance().getObservationRegistry();

  @BeforeEach
  void limited() {
    Hooks.disableAutomaticContextPropagation();
  }

  @Test
  void blockingWorkRunsOffTheCallersThreadWithTheRequestsObservationCurrent() {
    var request = Observation.start("http.server.requests", registry);
    var caller = Thread.currentThread();
    var seen = new AtomicReference<Observation>();
    var thread = new AtomicReference<Thread>();

    OffLoop.call(
            () -> {
              seen.set(registry.getCurrentObservation());
              thread.set(Thread.currentThread());
              return "done";
            })
        .contextWrite(context -> context.put(ObservationThreadLocalAccessor.KEY, request))
        .block();

    assertThat(seen.get()).isSameAs(request);
    assertThat(thread.get()).isNotSameAs(caller);
    assertThat(thread.get().getName()).startsWith("boundedElastic");
    assertThat(registry.getCurrentObservation()).isNull();
    request.stop();
  }

  @Test
  void aFutureIsStartedWithTheRequestsObservationCurrentAndNotLeftOpenAfter() {
    var request = Observation.start("http.server.requests", registry);
    var seen = new AtomicReference<Observation>();

    Mono<Void> started =
        OffLoop.future(
                () -> {
                  seen.set(registry.getCurrentObservation());
                  return CompletableFuture.completedFuture("sent");
                })
            .contextWrite(context -> context.put(ObservationThreadLocalAccessor.KEY, request));
    assertThat(seen.get()).as("nothing starts before subscription").isNull();
    started.block();

    assertThat(seen.get()).isSameAs(request);
    assertThat(registry.getCurrentObservation()).isNull();
    request.stop();
  }

  @Test
  void withoutARequestTheWorkRunsWithoutAnObservation() {
    var seen = new AtomicReference<Observation>(Observation.NOOP);
    OffLoop.call(
            () -> {
              seen.set(registry.getCurrentObservation());
              return 1;
            })
        .block();
    assertThat(seen.get()).isNull();
  }
}
