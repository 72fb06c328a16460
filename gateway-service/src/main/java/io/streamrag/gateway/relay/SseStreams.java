package io.streamrag.gateway.relay;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.http.codec.ServerSentEvent;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What every chat stream does on the wire, whichever its format: a comment every {@code keepAlive}
 * while it lasts (proxies and load balancers close a connection idle for a minute or so), and when
 * its caller leaves before its end, {@code whenCallerLeft} runs (the answer is cancelled unless the
 * caller resumes it). The headers that keep proxies from buffering it are {@link SseHeaders}'.
 * Events come in groups, each written at once ({@link SseBody}).
 */
public final class SseStreams {

  private SseStreams() {}

  public static <T> Flux<List<ServerSentEvent<T>>> live(
      Flux<List<ServerSentEvent<T>>> answer, Duration keepAlive, Runnable whenCallerLeft) {
    var ended = new AtomicBoolean();
    return answer
        .doOnTerminate(() -> ended.set(true))
        .publish(
            shared ->
                Flux.merge(
                    shared,
                    Flux.interval(keepAlive)
                        .map(
                            i ->
                                List.of(ServerSentEvent.<T>builder().comment("keep-alive").build()))
                        .takeUntilOther(shared.ignoreElements().then(Mono.just(true)))))
        .doOnCancel(
            () -> {
              if (!ended.get()) {
                whenCallerLeft.run();
              }
            });
  }
}
