package io.streamrag.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A chat stream read event by event as it arrives, which a test can drop mid-answer like a client
 * whose network went away: closing it closes the connection.
 */
final class SseConnection implements AutoCloseable {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /** One event: its id, name and data. */
  record Event(String id, String name, String data) {}

  private final HttpResponse<Stream<String>> response;
  private final Iterator<String> lines;

  private SseConnection(HttpResponse<Stream<String>> response) {
    this.response = response;
    this.lines = response.body().iterator();
  }

  static SseConnection post(String url, String key, String body, Map<String, String> headers) {
    try {
      return new SseConnection(
          CLIENT.send(request(url, key, body, headers), HttpResponse.BodyHandlers.ofLines()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The same, without waiting: many chats opened at once. */
  static java.util.concurrent.CompletableFuture<SseConnection> postAsync(
      String url, String key, String body) {
    return CLIENT
        .sendAsync(request(url, key, body, Map.of()), HttpResponse.BodyHandlers.ofLines())
        .thenApply(SseConnection::new);
  }

  private static HttpRequest request(
      String url, String key, String body, Map<String, String> headers) {
    var request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    headers.forEach(request::header);
    return request.build();
  }

  int status() {
    return response.statusCode();
  }

  String header(String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  /** The next {@code n} events (comments skipped), fewer if the stream ends first. */
  List<Event> next(int n) {
    var events = new ArrayList<Event>();
    String id = null;
    String name = null;
    var data = new ArrayList<String>();
    while (events.size() < n && lines.hasNext()) {
      String line = lines.next();
      if (line.isEmpty()) {
        if (!data.isEmpty()) {
          events.add(new Event(id, name, String.join("\n", data)));
        }
        id = null;
        name = null;
        data.clear();
      } else if (line.startsWith("id:")) {
        id = line.substring(3).strip();
      } else if (line.startsWith("event:")) {
        name = line.substring(6).strip();
      } else if (line.startsWith("data:")) {
        data.add(line.substring(5).strip());
      }
    }
    return events;
  }

  /** The rest of the body as it came: a refusal's JSON. */
  String body() {
    var all = new StringBuilder();
    lines.forEachRemaining(all::append);
    return all.toString();
  }

  /** Every remaining event, until the stream ends. */
  List<Event> rest() {
    return next(Integer.MAX_VALUE);
  }

  @Override
  public void close() {
    response.body().close();
  }
}
