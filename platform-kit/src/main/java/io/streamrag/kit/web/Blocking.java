package io.streamrag.kit.web;

import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** Work that blocks (a send awaited, a file read) run off the event loop. */
public final class Blocking {

  private Blocking() {}

  /** {@code work} on Reactor's bounded elastic scheduler, never on a Netty thread. */
  public static <T> Mono<T> call(Supplier<T> work) {
    return Mono.fromSupplier(work).subscribeOn(Schedulers.boundedElastic());
  }
}
