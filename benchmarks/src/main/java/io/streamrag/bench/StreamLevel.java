package io.streamrag.bench;

import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One load level of {@code ./bench.sh streams}: {@code concurrency} clients, each asking, reading
 * its answer to the end and asking again at once (a closed loop: that many chats in flight),
 * started evenly over one answer's duration so they do not all ask in the same instant. Chats sent
 * within the measured window are kept; the window starts after the ramp and a warm-up.
 */
final class StreamLevel {

  /** The chats of the window, and the window's bounds in {@link System#nanoTime()}. */
  record Outcome(List<StreamChat.Result> chats, long from, long until) {}

  /** Which key and sensor the {@code i}th client asks with. */
  interface Askers {
    BenchKeys.Key of(int client);
  }

  private final HttpClient http;
  private final String gateway;
  private final List<String> questions;
  private final long timeoutMillis;
  private final ScheduledExecutorService timer;

  StreamLevel(
      HttpClient http,
      String gateway,
      List<String> questions,
      long timeoutMillis,
      ScheduledExecutorService timer) {
    this.http = http;
    this.gateway = gateway;
    this.questions = questions;
    this.timeoutMillis = timeoutMillis;
    this.timer = timer;
  }

  /**
   * Runs the level; {@code atWindow} runs when the window opens and when it closes (e.g. to read
   * the processes' CPU).
   */
  Outcome run(
      int concurrency,
      Askers askers,
      long rampMillis,
      long warmupMillis,
      long windowMillis,
      Runnable atWindow)
      throws Exception {
    long start = System.nanoTime();
    long from = start + (rampMillis + warmupMillis) * 1_000_000;
    long until = from + windowMillis * 1_000_000;
    var kept = new ArrayList<StreamChat.Result>();
    var running = new ArrayList<CompletableFuture<Void>>();
    var asked = new AtomicInteger();
    for (int c = 0; c < concurrency; c++) {
      int client = c;
      var done = new CompletableFuture<Void>();
      running.add(done);
      long delay = rampMillis * client / Math.max(1, concurrency);
      timer.schedule(
          () -> loop(askers.of(client), asked, until, kept, from, done),
          delay,
          TimeUnit.MILLISECONDS);
    }
    timer.schedule(atWindow, (from - System.nanoTime()) / 1_000_000, TimeUnit.MILLISECONDS);
    timer.schedule(atWindow, (until - System.nanoTime()) / 1_000_000, TimeUnit.MILLISECONDS);
    CompletableFuture.allOf(running.toArray(CompletableFuture[]::new))
        .get(windowMillis + warmupMillis + rampMillis + 2 * timeoutMillis, TimeUnit.MILLISECONDS);
    synchronized (kept) {
      return new Outcome(List.copyOf(kept), from, until);
    }
  }

  private void loop(
      BenchKeys.Key key,
      AtomicInteger asked,
      long until,
      List<StreamChat.Result> kept,
      long from,
      CompletableFuture<Void> done) {
    if (System.nanoTime() >= until) {
      done.complete(null);
      return;
    }
    String question = questions.get(Math.floorMod(asked.getAndIncrement(), questions.size()));
    StreamChat.ask(http, gateway, key.secret(), key.sensor(), question, timeoutMillis)
        .whenComplete(
            (result, error) -> {
              if (result != null && result.sentNanos() >= from && result.sentNanos() < until) {
                synchronized (kept) {
                  kept.add(result);
                }
              }
              if (result != null && result.verdict().startsWith("refused")) {
                // a refused chat (429, 503) is asked again after a pause, as a polite client does
                timer.schedule(
                    () -> loop(key, asked, until, kept, from, done), 500, TimeUnit.MILLISECONDS);
              } else {
                loop(key, asked, until, kept, from, done);
              }
            });
  }
}
