package io.streamrag.gateway.relay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.codec.ServerSentEvent;
import tools.jackson.databind.json.JsonMapper;

class SseBodyTest {

  static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void aGroupIsItsEventsInOrderEachEndedByAnEmptyLine() {
    // Given two trace steps of one record and a keep-alive
    List<ServerSentEvent<Object>> group =
        List.of(
            ServerSentEvent.builder((Object) Map.of("step", 1)).id("r:5").event("trace").build(),
            ServerSentEvent.builder((Object) Map.of("step", 2)).id("r:5").event("trace").build(),
            ServerSentEvent.builder().comment("keep-alive").build());

    // When written
    String wire = new String(SseBody.encode(group, JSON), StandardCharsets.UTF_8);

    // Then a client reads three events, in order
    assertThat(wire)
        .isEqualTo(
            "id:r:5\nevent:trace\ndata:{\"step\":1}\n\n"
                + "id:r:5\nevent:trace\ndata:{\"step\":2}\n\n"
                + ":keep-alive\n\n");
  }

  @Test
  void textDataIsSentAsItIsAndEachOfItsLinesIsADataLine() {
    var done = ServerSentEvent.builder("[DONE]").build();
    var twoLines = ServerSentEvent.builder("a\nb").build();

    String wire = new String(SseBody.encode(List.of(done, twoLines), JSON), StandardCharsets.UTF_8);

    assertThat(wire).isEqualTo("data:[DONE]\n\ndata:a\ndata:b\n\n");
  }
}
