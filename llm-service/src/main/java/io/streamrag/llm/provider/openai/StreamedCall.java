package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ModelReply;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;

/**
 * One streamed {@code /chat/completions} call, read as it arrives without any thread waiting for
 * it: the JDK client pushes the status and each line on the {@link CallThreads#http} executor, each
 * line's text goes on to the tokens at once, and the {@link Deadlines} of the call's phase are
 * checked by the timers, which cut a call that stalled. Its result completes once: the reply, or
 * the first failure. A failed or cancelled call closes its connection, so a model stops streaming
 * (and billing) for nobody.
 */
final class StreamedCall implements Flow.Subscriber<String> {

  private static final int ERROR_BODY_CHARS = 2000;

  private final Endpoint endpoint;
  private final ChunkReader reader;
  private final Deadlines deadlines;
  private final Consumer<String> tokens;
  private final CallThreads threads;
  private final CompletableFuture<ModelReply> result = new CompletableFuture<>();
  private volatile Flow.Subscription subscription;
  private volatile CompletableFuture<HttpResponse<Void>> response;
  private ScheduledFuture<?> timer;
  private int status;
  private HttpHeaders headers;
  private StringBuilder errorBody;

  StreamedCall(Endpoint endpoint, JsonMapper json, Consumer<String> tokens, CallThreads threads) {
    this.endpoint = endpoint;
    this.reader = new ChunkReader(json);
    this.deadlines = new Deadlines(endpoint);
    this.tokens = tokens;
    this.threads = threads;
  }

  /** Sends the request; the reply (or the failure) completes the returned future. */
  CompletableFuture<ModelReply> start(HttpClient http, HttpRequest request) {
    result.whenComplete(
        (reply, error) -> {
          stopTimer();
          if (error != null) {
            close();
          }
        });
    armTimer();
    response =
        http.sendAsync(
            request,
            info -> {
              synchronized (this) {
                status = info.statusCode();
                headers = info.headers();
                if (status / 100 != 2) {
                  errorBody = new StringBuilder();
                }
              }
              return BodySubscribers.fromLineSubscriber(
                  this, s -> null, StandardCharsets.UTF_8, null);
            });
    // connection errors and timeouts fail the exchange before any body subscriber exists
    response.whenComplete(
        (r, error) -> {
          if (error != null) {
            result.completeExceptionally(EndpointException.failed(Failures.describe(error), error));
          }
        });
    if (result.isDone()) {
      close(); // cancelled before the request went out
    }
    return result;
  }

  /** The caller left: the call ends with {@link Cancellation.Cancelled}, its connection closed. */
  void cancel() {
    result.completeExceptionally(new Cancellation.Cancelled());
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    if (result.isDone()) {
      s.cancel(); // ended before the body began
    } else {
      s.request(Long.MAX_VALUE);
    }
  }

  @Override
  public synchronized void onNext(String line) {
    if (result.isDone()) {
      return;
    }
    if (errorBody != null) {
      if (errorBody.length() < ERROR_BODY_CHARS) {
        errorBody.append(line).append(' ');
      }
      return;
    }
    ChunkReader.Piece piece;
    try {
      piece = reader.read(line);
    } catch (EndpointException e) {
      result.completeExceptionally(e);
      return;
    }
    if (piece.delta()) {
      boolean first = !deadlines.started();
      deadlines.delta();
      if (first) {
        // from now on the idle timeout counts, and it may end sooner than the first-token one
        stopTimer();
        armTimer();
      }
    }
    if (!piece.text().isEmpty()) {
      try {
        tokens.accept(piece.text());
      } catch (RuntimeException notTheEndpoints) {
        // the caller's tokens refused the piece (a leak, a cancel): the call ends with its reason
        result.completeExceptionally(notTheEndpoints);
      }
    }
  }

  @Override
  public synchronized void onError(Throwable error) {
    if (errorBody != null) {
      failWithStatus();
    } else {
      result.completeExceptionally(EndpointException.failed(Failures.describe(error), error));
    }
  }

  @Override
  public synchronized void onComplete() {
    if (errorBody != null) {
      failWithStatus();
    } else if (reader.finished()) {
      result.complete(reply());
    } else {
      result.completeExceptionally(
          EndpointException.failed("the stream ended before the reply was finished", null));
    }
  }

  private void failWithStatus() {
    String retryAfter = headers.firstValue("Retry-After").orElse(null);
    result.completeExceptionally(
        EndpointException.status(
            status, ErrorBody.detail(errorBody.toString().strip()), retryAfter));
  }

  /** Checks the deadline of the call's phase when it is due, and again at the next one. */
  private synchronized void armTimer() {
    if (result.isDone()) {
      return;
    }
    long due = deadlines.next();
    long nanosLeft = Math.max(0, due - System.nanoTime());
    timer = threads.timers().schedule(this::deadlinePassed, Instant.now().plusNanos(nanosLeft));
  }

  private void deadlinePassed() {
    synchronized (this) {
      if (result.isDone()) {
        return;
      }
      if (System.nanoTime() - deadlines.next() < 0) {
        // a delta came meanwhile: the deadline moved
      } else if (reader.done()) {
        result.complete(reply()); // everything arrived; only the end of the body did not
        return;
      } else {
        result.completeExceptionally(EndpointException.failed(deadlines.expired(), null));
        return;
      }
    }
    armTimer();
  }

  private synchronized void stopTimer() {
    if (timer != null) {
      timer.cancel(false);
    }
  }

  private ModelReply reply() {
    return reader.reply(endpoint.name(), endpoint.model());
  }

  /** Cancels the exchange: the connection is closed and nothing more is read. */
  private void close() {
    var s = subscription;
    if (s != null) {
      s.cancel();
    }
    var r = response;
    if (r != null) {
      r.cancel(true);
    }
  }
}
