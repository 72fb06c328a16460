package io.streamrag.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * One chat stream read as the web page reads it: tokens are appended to the text shown, a {@code
 * reset} clears it (the answer restarted on another instance), and the stream's first {@code done}
 * or {@code error} is its verdict. What it kept says what the user saw: the text, how many
 * restarts, when each came, whether the answer was degraded.
 */
final class ShownChat extends SseLines {

  final CompletableFuture<String> verdict = new CompletableFuture<>();
  volatile String requestId = "?";
  private final StringBuilder text = new StringBuilder();
  private final List<Long> resets = new ArrayList<>();
  private boolean degraded;

  @Override
  synchronized void onEvent(String name) {
    if (name.equals("reset")) {
      text.setLength(0);
      resets.add(System.currentTimeMillis());
    } else if (name.equals("done")) {
      verdict.complete("answered");
      cancel();
    }
  }

  @Override
  synchronized void onData(String name, JsonNode data) {
    switch (name) {
      case "token" -> text.append(data.path("text").asString(""));
      case "meta" -> degraded = data.path("degraded").asBoolean(false);
      case "error" -> {
        verdict.complete("errored:" + data.path("code").asString("unknown"));
        cancel();
      }
      default -> {}
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
}
