package io.streamrag.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import tools.jackson.databind.json.JsonMapper;

/**
 * One chat stream read as the web page reads it: tokens are appended to the text shown, a {@code
 * reset} clears it (the answer restarted on another instance), and the stream's first {@code done}
 * or {@code error} is its verdict. What it kept says what the user saw: the text, how many
 * restarts, when each came, whether the answer was degraded.
 */
final class ShownChat implements Flow.Subscriber<String> {

  private static final JsonMapper JSON = new JsonMapper();

  final CompletableFuture<String> verdict = new CompletableFuture<>();
  private final StringBuilder text = new StringBuilder();
  private final List<Long> resets = new ArrayList<>();
  private volatile Flow.Subscription subscription;
  private boolean degraded;
  private String event = "";

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public synchronized void onNext(String line) {
    if (line.startsWith("event:")) {
      event = line.substring(6).strip();
      if (event.equals("reset")) {
        text.setLength(0);
        resets.add(System.currentTimeMillis());
      } else if (event.equals("done")) {
        verdict.complete("answered");
        cancel();
      }
    } else if (line.startsWith("data:")) {
      var data = JSON.readTree(line.substring(5));
      switch (event) {
        case "token" -> text.append(data.path("text").asString(""));
        case "meta" -> degraded = data.path("degraded").asBoolean(false);
        case "error" -> {
          verdict.complete("errored:" + data.path("code").asString("unknown"));
          cancel();
        }
        default -> {}
      }
    }
  }

  @Override
  public void onError(Throwable t) {
    verdict.complete("errored:connection_lost");
  }

  @Override
  public void onComplete() {
    verdict.complete("errored:stream_ended");
  }

  synchronized String text() {
    return text.toString();
  }

  /** When each {@code reset} arrived (epoch ms). */
  synchronized List<Long> resets() {
    return List.copyOf(resets);
  }

  synchronized boolean degraded() {
    return degraded;
  }

  void cancel() {
    var s = subscription;
    if (s != null) {
      s.cancel();
    }
  }
}
