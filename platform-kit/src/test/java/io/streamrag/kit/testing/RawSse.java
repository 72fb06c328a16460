package io.streamrag.kit.testing;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * An event stream as it is on the wire, read by a plain HTTP client line by line, which a test can
 * drop mid-stream like a client on a bad network: closing it closes the connection. Shared by the
 * gateway's tests and system-tests (platform-kit's test-jar).
 */
public final class RawSse implements AutoCloseable {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /** One event: its id (or null) and its data lines joined. */
  public record Event(String id, String name, String data) {}

  private final HttpResponse<Stream<String>> response;
  private final Iterator<String> lines;

  private RawSse(HttpResponse<Stream<String>> response) {
    this.response = response;
    this.lines = response.body().iterator();
  }

  /** POSTs {@code body} to {@code url} with the headers, and opens the response. */
  public static RawSse post(String url, String body, Map<String, String> headers) {
    try {
      return new RawSse(
          CLIENT.send(request(url, body, headers), HttpResponse.BodyHandlers.ofLines()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The same, without waiting: many streams opened at once. */
  public static CompletableFuture<RawSse> postAsync(
      String url, String body, Map<String, String> headers) {
    return CLIENT
        .sendAsync(request(url, body, headers), HttpResponse.BodyHandlers.ofLines())
        .thenApply(RawSse::new);
  }

  /** The headers with the caller's API key as a bearer token. */
  public static Map<String, String> bearer(String key, Map<String, String> headers) {
    var all = new LinkedHashMap<>(headers);
    all.put("Authorization", "Bearer " + key);
    return all;
  }

  private static HttpRequest request(String url, String body, Map<String, String> headers) {
    // generous: a system test's answer may wait for a cold model on a loaded machine
    var request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    headers.forEach(request::header);
    return request.build();
  }

  public int status() {
    return response.statusCode();
  }

  public String header(String name) {
    return response.headers().firstValue(name).orElse(null);
  }

  /** The next {@code n} events (comments skipped), or fewer if the stream ends first. */
  public List<Event> next(int n) {
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

  /** Every remaining event, until the stream ends. */
  public List<Event> rest() {
    return next(Integer.MAX_VALUE);
  }

  /** The rest of a response that is not an event stream, as text. */
  public String body() {
    var text = new StringBuilder();
    lines.forEachRemaining(line -> text.append(line).append('\n'));
    return text.toString();
  }

  /** Drops the connection, as a client whose network went away. */
  @Override
  public void close() {
    response.body().close();
  }
}
