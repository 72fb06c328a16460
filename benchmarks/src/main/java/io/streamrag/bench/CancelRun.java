package io.streamrag.bench;

import io.streamrag.modelfake.StreamingModel;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/**
 * How long a model call outlives the client that wanted it: chats, one at a time, each dropped at
 * its first token, by hanging up or by {@code DELETE /api/rag/chat/{id}}; the time from the drop to
 * the model server seeing the generation named by that token closed.
 */
final class CancelRun {

  private static final JsonMapper JSON = new JsonMapper();

  /** The fake model's tokens name their generation: {@code g<generation>t<i>}. */
  private static final Pattern GENERATION = Pattern.compile("g(\\d+)t\\d+");

  private CancelRun() {}

  static Map<String, Object> run(
      HttpClient http, String gateway, BenchKeys.Key key, StreamingModel model, int count)
      throws Exception {
    var out = new LinkedHashMap<String, Object>();
    out.put("bench", "streams-cancel");
    for (String how : new String[] {"hang_up", "delete"}) {
      double[] millis = new double[count];
      int missed = 0;
      for (int i = 0; i < count; i++) {
        double ms = once(http, gateway, key, model, how.equals("delete"));
        if (ms < 0) {
          missed++;
        }
        millis[i] = ms;
      }
      out.put(
          how + "_to_model_closed_ms",
          StreamsBench.percentiles(
              Percentiles.of(java.util.Arrays.stream(millis).filter(m -> m >= 0).toArray())));
      out.put(how + "_not_closed_within_10s", missed);
    }
    return out;
  }

  /** One chat dropped at its first token; -1 if its model call was not seen closed in 10 s. */
  private static double once(
      HttpClient http, String gateway, BenchKeys.Key key, StreamingModel model, boolean delete)
      throws Exception {
    String body =
        JSON.createObjectNode()
            .put("message", StreamsBench.QUESTIONS.get(0))
            .put("sensor_uuid", key.sensor())
            .toString();
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(gateway + "/api/rag/chat"))
                .header("Authorization", "Bearer " + key.secret())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build(),
            HttpResponse.BodyHandlers.ofLines());
    int generation = -1;
    var lines = response.body().iterator();
    while (generation < 0 && lines.hasNext()) {
      var m = GENERATION.matcher(lines.next());
      if (m.find()) {
        generation = Integer.parseInt(m.group(1));
      }
    }
    Instant dropped = Instant.now();
    if (delete) {
      String id = response.headers().firstValue("X-Request-Id").orElseThrow();
      http.send(
          HttpRequest.newBuilder(URI.create(gateway + "/api/rag/chat/" + id))
              .header("Authorization", "Bearer " + key.secret())
              .DELETE()
              .build(),
          HttpResponse.BodyHandlers.discarding());
    }
    response.body().close();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      int g = generation;
      var closed = model.closedEarly().stream().filter(c -> c.generation() == g).findFirst();
      if (closed.isPresent()) {
        return Duration.between(dropped, closed.get().closedAt()).toNanos() / 1e6;
      }
      Thread.onSpinWait();
      java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
    }
    return -1;
  }
}
