package io.streamrag.llm.provider.openai;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP exchange whose response is read line by line without any thread ever blocking on the
 * socket: the JDK client pushes the status and each line into a queue from its own threads, and the
 * reader waits on the queue up to a deadline. {@link #close()} cancels the exchange, which closes
 * the connection, so a stalled stream is cut rather than abandoned.
 */
final class StreamedExchange implements AutoCloseable {

  /** What arrives from the endpoint, in order. */
  sealed interface Event {}

  record Head(int status, HttpHeaders headers) implements Event {}

  record Line(String text) implements Event {}

  record End() implements Event {}

  record Failed(Throwable error) implements Event {}

  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
  private final Lines lines = new Lines();
  private final CompletableFuture<HttpResponse<Void>> response;
  private volatile boolean closed;

  private StreamedExchange(HttpClient http, HttpRequest request) {
    HttpResponse.BodyHandler<Void> handler =
        info -> {
          events.add(new Head(info.statusCode(), info.headers()));
          return BodySubscribers.fromLineSubscriber(lines, s -> null, StandardCharsets.UTF_8, null);
        };
    this.response = http.sendAsync(request, handler);
    // connection errors and timeouts fail the future before any body subscriber exists
    response.whenComplete(
        (r, error) -> {
          if (error != null) {
            events.add(new Failed(error));
          }
        });
  }

  /** Sends the request; the response comes through {@link #next(long)}. */
  static StreamedExchange send(HttpClient http, HttpRequest request) {
    return new StreamedExchange(http, request);
  }

  /**
   * The next event, or {@code null} when none came before {@code deadline} (a {@link
   * System#nanoTime()} value).
   */
  Event next(long deadline) throws InterruptedException {
    return events.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
  }

  /** Cancels the exchange: the connection is closed and nothing more is read. */
  @Override
  public void close() {
    closed = true;
    lines.cancel();
    response.cancel(true);
  }

  /** Receives the body's lines on the client's threads. */
  private final class Lines implements Flow.Subscriber<String> {

    private volatile Flow.Subscription subscription;

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      if (closed) {
        s.cancel(); // closed before the body began
      } else {
        s.request(Long.MAX_VALUE);
      }
    }

    @Override
    public void onNext(String line) {
      events.add(new Line(line));
    }

    @Override
    public void onError(Throwable error) {
      events.add(new Failed(error));
    }

    @Override
    public void onComplete() {
      events.add(new End());
    }

    void cancel() {
      Flow.Subscription s = subscription;
      if (s != null) {
        s.cancel();
      }
    }
  }
}
