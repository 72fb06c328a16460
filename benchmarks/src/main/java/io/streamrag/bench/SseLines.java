package io.streamrag.bench;

import java.util.concurrent.Flow;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A chat's event stream read line by line as it arrives, without a thread of its own: each {@code
 * event:} line is handed to {@link #onEvent}, each {@code data:} line to {@link #onData} with the
 * name of the event it belongs to. A reader may {@link #cancel} the stream (its verdict is known).
 */
abstract class SseLines implements Flow.Subscriber<String> {

  private static final JsonMapper JSON = new JsonMapper();

  private volatile Flow.Subscription subscription;
  private String event = "";

  /** An {@code event:} line: the name of the event whose data follows. */
  abstract void onEvent(String name);

  /** A {@code data:} line of the event {@code name}, as JSON. */
  abstract void onData(String name, JsonNode data);

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public synchronized void onNext(String line) {
    if (line.startsWith("event:")) {
      event = line.substring(6).strip();
      onEvent(event);
    } else if (line.startsWith("data:")) {
      onData(event, JSON.readTree(line.substring(5)));
    }
  }

  @Override
  public void onError(Throwable t) {}

  @Override
  public void onComplete() {}

  void cancel() {
    var s = subscription;
    if (s != null) {
      s.cancel();
    }
  }
}
