package io.streamrag.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The system's HTTP API as an outside client sees it (like curl). */
final class Http {

  private static final tools.jackson.databind.json.JsonMapper JSON =
      new tools.jackson.databind.json.JsonMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** One server-sent event: its name and its data line. */
  record Event(String name, String data) {}

  /**
   * A chat response: the status, its declared content type, the body decoded strictly as UTF-8 (a
   * byte sequence that is not UTF-8 fails the call), for a stream its events, and the W3C {@code
   * traceparent} header naming its trace (empty when absent).
   */
  record Chat(int status, String contentType, String body, List<Event> events, String traceparent) {

    /** The answer text: the {@code text} of every {@code token} event, in order. */
    String tokens() {
      var text = new StringBuilder();
      events.stream()
          .filter(e -> e.name().equals("token"))
          .forEach(e -> text.append(JSON.readTree(e.data()).get("text").asString()));
      return text.toString();
    }

    long count(String name) {
      return events.stream().filter(e -> e.name().equals(name)).count();
    }

    /** The data of the first event of that name, parsed. */
    tools.jackson.databind.JsonNode first(String name) {
      return events.stream()
          .filter(e -> e.name().equals(name))
          .findFirst()
          .map(e -> JSON.readTree(e.data()))
          .orElseThrow(() -> new AssertionError("no " + name + " event in " + body));
    }
  }

  private Http() {}

  static int postReading(String bridgeUrl, String sensor, String token, String json) {
    return send(HttpRequest.newBuilder(
                URI.create(bridgeUrl + "/api/sensors/" + sensor + "/readings"))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build())
        .statusCode();
  }

  static int put(String url, String token, String json) {
    return send(HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(json))
            .build())
        .statusCode();
  }

  /** A question of the demo's other farmer ({@code dev-other-key}) about its own sensor. */
  static Chat otherFarmer(String gatewayUrl, String message) {
    return chat(gatewayUrl, "dev-other-key", WholeFlowTest.OTHER_SENSOR, message);
  }

  static Chat chat(String gatewayUrl, String apiKey, String sensor, String message) {
    return chat(gatewayUrl, apiKey, sensor, message, null);
  }

  /** A question to a named pipeline, or the key's default when {@code pipeline} is null. */
  static Chat chat(
      String gatewayUrl, String apiKey, String sensor, String message, String pipeline) {
    var body = new java.util.LinkedHashMap<String, Object>();
    body.put("message", message);
    body.put("sensor_uuid", sensor);
    if (pipeline != null) {
      body.put("pipeline", pipeline);
    }
    return post(gatewayUrl, apiKey, JSON.writeValueAsString(body));
  }

  /** A question in a conversation: {@code conversationId} from an earlier answer's meta. */
  static Chat chatIn(
      String gatewayUrl, String apiKey, String sensor, String message, String conversationId) {
    var body = new java.util.LinkedHashMap<String, Object>();
    body.put("message", message);
    body.put("sensor_uuid", sensor);
    body.put("conversation_id", conversationId);
    return post(gatewayUrl, apiKey, JSON.writeValueAsString(body));
  }

  private static Chat post(String gatewayUrl, String apiKey, String json) {
    var response =
        send(
            HttpRequest.newBuilder(URI.create(gatewayUrl + "/api/rag/chat"))
                .timeout(Duration.ofSeconds(40))
                .header("Authorization", "Bearer " + apiKey)
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    String body = utf8(response.body());
    return new Chat(
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(""),
        body,
        events(body),
        response.headers().firstValue("traceparent").orElse(""));
  }

  /** The bytes as UTF-8, refusing malformed input instead of replacing it with U+FFFD. */
  private static String utf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new AssertionError("the response is not UTF-8", e);
    }
  }

  /** A plain GET without credentials (e.g. an actuator endpoint): the body of a 200. */
  static String text(String url) {
    var response =
        send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).GET().build());
    if (response.statusCode() != 200) {
      throw new AssertionError("GET " + url + ": " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  /** The status of a plain GET without credentials. */
  static int status(String url) {
    return send(HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(20))
            .GET()
            .build())
        .statusCode();
  }

  /** A plain JSON call: its status and parsed body. */
  record Json(int status, tools.jackson.databind.JsonNode body) {}

  static Json call(String method, String url, String token) {
    return json(bearer(url, token).method(method, HttpRequest.BodyPublishers.noBody()));
  }

  /** A file uploaded as {@code multipart/form-data}, part {@code file}, as curl -F sends it. */
  static Json upload(String url, String token, String fileName, byte[] bytes) {
    String boundary = "----streamrag" + java.util.UUID.randomUUID();
    var body = new java.io.ByteArrayOutputStream();
    body.writeBytes(
        ("--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                + fileName
                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
            .getBytes(StandardCharsets.UTF_8));
    body.writeBytes(bytes);
    body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return json(
        bearer(url, token)
            .header("Content-Type", "multipart/form-data; boundary=" + boundary)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
  }

  static Json postJson(String url, String token, String body) {
    return json(
        bearer(url, token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  static Json put(String url, String token, tools.jackson.databind.JsonNode body) {
    return json(
        bearer(url, token)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(body.toString())));
  }

  /** A request to {@code url} with {@code token} as its bearer token, 20 s to answer. */
  private static HttpRequest.Builder bearer(String url, String token) {
    return HttpRequest.newBuilder(URI.create(url))
        .timeout(Duration.ofSeconds(20))
        .header("Authorization", "Bearer " + token);
  }

  /** The status and parsed body of a JSON call. */
  private static Json json(HttpRequest.Builder request) {
    var response = send(request.build());
    return new Json(response.statusCode(), JSON.readTree(response.body()));
  }

  /** An answer's trace; it is written after done, off the answering thread, so wait for it. */
  static Json awaitTrace(String gatewayUrl, String requestId, String key) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    Json last;
    do {
      last = call("GET", gatewayUrl + "/api/chats/" + requestId + "/trace", key);
      if (last.status() == 200) {
        return last;
      }
    } while (System.nanoTime() < deadline);
    throw new AssertionError("no trace for " + requestId + ": " + last.body());
  }

  private static List<Event> events(String body) {
    var events = new ArrayList<Event>();
    String name = null;
    for (String line : body.split("\n")) {
      if (line.startsWith("event:")) {
        name = line.substring(6).strip();
      } else if (line.startsWith("data:") && name != null) {
        events.add(new Event(name, line.substring(5).strip()));
        name = null;
      }
    }
    return events;
  }

  private static HttpResponse<String> send(HttpRequest request) {
    return send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** The whole response; a stream that does not end within 60 s fails the test, never hangs it. */
  private static <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body) {
    try {
      return CLIENT.sendAsync(request, body).get(60, java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new AssertionError("HTTP call to " + request.uri() + " failed", e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("HTTP response from " + request.uri() + " did not end in 60 s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
