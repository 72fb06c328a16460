package io.streamrag.modelfake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StreamingModelTest {

  private final HttpClient http = HttpClient.newHttpClient();
  private final StreamingModel model =
      StreamingModel.start(0, new Pace(Duration.ofMillis(20), 5, Duration.ofMillis(220)));

  @AfterEach
  void close() {
    model.close();
  }

  @Test
  void streamsEachCallAsAGenerationOfItsOwnThenDone() throws Exception {
    List<String> first = lines(ask());
    List<String> second = lines(ask());

    assertThat(first).filteredOn(l -> l.contains("\"content\"")).hasSize(5);
    assertThat(first.get(0)).contains("\"content\":\"" + model.token(1, 0) + "\"");
    assertThat(second.get(0)).contains("\"content\":\"" + model.token(2, 0) + "\"");
    assertThat(model.token(1, 0)).matches("g1\\.[a-z0-9]+t0 ");
    assertThat(first).contains("data: [DONE]");
    assertThat(first)
        .anyMatch(l -> l.contains("\"finish_reason\":\"stop\"") && l.contains("usage"));
    assertThat(model.stats().completed()).isEqualTo(2);
    assertThat(model.closedEarly()).isEmpty();
  }

  @Test
  void remembersACallWhoseClientHungUpMidAnswer() throws Exception {
    model.pace(new Pace(Duration.ofMillis(10), 100, Duration.ofSeconds(10)));
    var response = ask();
    try (var reader =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      assertThat(reader.readLine()).contains(model.token(1, 0));
    }

    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(() -> assertThat(model.closedEarly()).hasSize(1));
    assertThat(model.closedEarly().get(0).generation()).isEqualTo(1);
    assertThat(model.stats().open()).isZero();
  }

  @Test
  void twoServersNeverWriteTheSameText() {
    try (var other = StreamingModel.start(0, model.pace())) {
      assertThat(other.token(1, 0)).isNotEqualTo(model.token(1, 0));
    }
  }

  @Test
  void aShownTextIsReadBackAsOneWholeGenerationOrAsASplice() {
    String first = model.token(1, 0) + model.token(1, 1) + model.token(1, 2);
    assertThat(FakeText.read(first, 3).whole()).isTrue();
    // half of one answer, then another from its start: spliced
    var spliced = FakeText.read(model.token(1, 0) + model.token(2, 0) + model.token(2, 1), 2);
    assertThat(spliced.spliced()).isTrue();
    // a token twice
    assertThat(FakeText.read(first + model.token(1, 2), 3).duplicated()).isEqualTo(1);
    // a token missing
    assertThat(FakeText.read(model.token(1, 0) + model.token(1, 2), 3).missing()).isEqualTo(1);
  }

  private HttpResponse<java.io.InputStream> ask() throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(model.baseUrl() + "/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"m\",\"stream\":true}"))
            .build(),
        HttpResponse.BodyHandlers.ofInputStream());
  }

  private static List<String> lines(HttpResponse<java.io.InputStream> response) throws Exception {
    var out = new ArrayList<String>();
    try (var reader =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (!line.isEmpty()) {
          out.add(line);
        }
      }
    }
    return out;
  }
}
