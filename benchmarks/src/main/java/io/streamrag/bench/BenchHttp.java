package io.streamrag.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The benchmarks' calls to the running stack's admin and device APIs. */
final class BenchHttp {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

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
}
