package io.streamrag.modelfake;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A fake, for benchmarks and tests only: a local HTTP server speaking the OpenAI {@code
 * /v1/chat/completions} streaming protocol at a set {@link Pace}, as a remote model does (the first
 * token after a while, then one every so often), without a thread per call: hundreds of calls
 * stream at once on Reactor Netty's event loops. Every call is a generation of its own, numbered,
 * whose tokens name it and this server's random nonce ({@link #token}): the text differs on every
 * call, of this server and of any other, so a client can tell one generation's text from another's
 * ({@link FakeText} reads it back). It counts the calls it is streaming and remembers each call
 * whose client closed the connection before the end ({@link #closedEarly()}).
 */
public final class StreamingModel implements AutoCloseable {

  /** A call whose client hung up mid-answer: which generation, and when. */
  public record Closed(int generation, Instant openedAt, Instant closedAt) {}

  /** What the server has done so far. */
  public record Stats(long started, long completed, long closedEarly, int open, int maxOpen) {}

  private final DisposableServer server;
  private final AtomicInteger generations = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicInteger maxOpen = new AtomicInteger();
  private final AtomicLong completed = new AtomicLong();
  private final ConcurrentLinkedQueue<Closed> closed = new ConcurrentLinkedQueue<>();
  private volatile Pace pace;
  private volatile Gate gate;

  /** Calls held before their first byte until {@code calls} are open, or {@code atMost} passed. */
  private record Gate(int calls, Sinks.Empty<Void> opened, Duration atMost) {}

  private StreamingModel(int port, Pace pace) {
    this.pace = pace;
    this.server =
        HttpServer.create()
            .host("127.0.0.1")
            .port(port)
            .route(routes -> routes.post("/v1/chat/completions", this::complete))
            .bindNow(Duration.ofSeconds(10));
  }

  /** Starts a server on {@code port} (0: any free port) answering at {@code pace}. */
  public static StreamingModel start(int port, Pace pace) {
    return new StreamingModel(port, pace);
  }

  /** The base URL an OpenAI-compatible client is given, e.g. {@code http://127.0.0.1:1234/v1}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.port() + "/v1";
  }

  public int port() {
    return server.port();
  }

  public Pace pace() {
    return pace;
  }

  /** Calls from now on stream at this pace. */
  public void pace(Pace next) {
    this.pace = next;
  }

  /**
   * From now on no call answers until {@code calls} are open at once (each waits at most {@code
   * atMost}, then goes on): for a test asking whether its client keeps that many calls open side by
   * side, whatever the machine's speed. A client that makes them one after another gets each answer
   * only after the wait, and never more than one open.
   */
  public void holdUntilOpen(int calls, Duration atMost) {
    gate = new Gate(calls, Sinks.empty(), atMost);
  }

  /** This server's, drawn at start: two fakes (or one restarted) never write the same text. */
  private final String nonce = Long.toString(ThreadLocalRandom.current().nextLong(36L << 30), 36);

  /**
   * The {@code i}th token of generation {@code g}, e.g. {@code g3.k2x9t7 }: it names both and the
   * server, so splices and repeats show.
   */
  public String token(int generation, int i) {
    return FakeText.token(generation + "." + nonce, i);
  }

  public Stats stats() {
    return new Stats(generations.get(), completed.get(), closed.size(), open.get(), maxOpen.get());
  }

  /** Every call whose client closed the connection before its last chunk, oldest first. */
  public List<Closed> closedEarly() {
    return List.copyOf(closed);
  }

  /** Forgets the counts and the closed calls (the generation numbers go on). */
  public void reset() {
    completed.set(0);
    closed.clear();
    maxOpen.set(open.get());
  }

  private Mono<Void> complete(HttpServerRequest request, HttpServerResponse response) {
    return request
        .receive()
        .aggregate()
        .asString()
        .defaultIfEmpty("")
        .flatMap(body -> answer(body, response));
  }

  private Mono<Void> answer(String body, HttpServerResponse response) {
    int generation = generations.incrementAndGet();
    Pace p = pace;
    var chunks = new Chunks(this, generation, body.length() / 4);
    boolean streamed = !body.replace(" ", "").contains("\"stream\":false");
    Instant openedAt = Instant.now();
    int now = open.incrementAndGet();
    maxOpen.accumulateAndGet(now, Math::max);
    var held = gate;
    Mono<Void> start = Mono.empty();
    if (held != null) {
      if (now >= held.calls()) {
        held.opened().tryEmitEmpty();
      }
      start = held.opened().asMono().timeout(held.atMost(), Mono.empty());
    }
    var ended = new java.util.concurrent.atomic.AtomicBoolean();
    Runnable finished =
        () -> {
          if (ended.compareAndSet(false, true)) {
            open.decrementAndGet();
            completed.incrementAndGet();
          }
        };
    Runnable hungUp =
        () -> {
          if (ended.compareAndSet(false, true)) {
            open.decrementAndGet();
            closed.add(new Closed(generation, openedAt, Instant.now()));
          }
        };
    if (!streamed) {
      return start
          .then(Mono.delay(p.total()))
          .then(
              response
                  .header("Content-Type", "application/json")
                  .sendString(Mono.just(chunks.whole(p.tokens())))
                  .then())
          .doOnSuccess(v -> finished.run())
          .doOnCancel(hungUp);
    }
    Flux<String> events =
        Flux.interval(p.firstToken(), p.gap())
            .take(p.tokens())
            .map(i -> chunks.token(i.intValue()))
            .concatWith(Flux.just(chunks.finish(p.tokens()), Chunks.DONE))
            .doOnComplete(finished)
            .doOnCancel(hungUp);
    return response
        .header("Content-Type", "text/event-stream")
        .header("Cache-Control", "no-cache")
        .sendString(start.thenMany(events))
        .then()
        .doOnCancel(hungUp)
        .doOnError(e -> hungUp.run());
  }

  @Override
  public void close() {
    server.disposeNow(Duration.ofSeconds(5));
  }
}
