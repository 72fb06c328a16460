package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The benchmarks' calls to the running stack's admin and device APIs. */
final class BenchHttp {

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final JsonMapper JSON = new JsonMapper();

  private BenchHttp() {}

  /** A JSON call with a bearer token; its body, or a failure naming the call when not 2xx. */
  static String send(String method, String url, String token, String body) throws Exception {
    var response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          method
              + " "
              + url
              + ": HTTP "
              + response.statusCode()
              + " "
              + response.body()
              + " (is ./run.sh running?)");
    }
    return response.body();
  }

  /**
   * Retrieval's freshness log since a moment: when each chunk was received and became searchable.
   *
   * @param retrieval retrieval's actuator (its port + 1000), read with the demo admin token
   */
  static JsonNode freshness(String retrieval, long sinceMillis) throws Exception {
    var response =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(retrieval + "/actuator/freshness?since=" + sinceMillis))
                .header("Authorization", "Bearer " + ChaosAudit.ADMIN_TOKEN)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "retrieval's freshness log answered HTTP " + response.statusCode());
    }
    return JSON.readTree(response.body()).get("entries");
  }
}
