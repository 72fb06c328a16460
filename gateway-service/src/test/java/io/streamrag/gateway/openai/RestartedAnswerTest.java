package io.streamrag.gateway.openai;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.gateway.FakeLlm;
import io.streamrag.kit.testing.RawSse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An answer whose llm-service instance died mid-answer, answered again by another (a second
 * generation; {@link FakeLlm#restarted} plays both on the real broker), as each API shows it: the
 * SSE chat sends {@code reset} and the new answer from its start; OpenAI's protocol cannot take
 * text back, so a stream that already had content ends with a {@code generation_restarted} error
 * chunk, one that had none gets the new answer as if nothing happened, and an unstreamed completion
 * is the last generation only. Never a spliced answer.
 */
class RestartedAnswerTest extends OpenAiOnBroker {

  static final JsonMapper JSON = new JsonMapper();
  static final Map<String, String> FARMER = Map.of("Authorization", "Bearer dev-farmer-key");

  @Test
  void theChatStreamSaysResetThenGivesTheNewAnswerFromItsStart() {
    var llm =
        new FakeLlm(KAFKA)
            .restarted(
                q -> q.getMessage().equals("chat, restarted"),
                List.of("dead ", "half "),
                "whole ",
                "answer");

    List<RawSse.Event> events;
    try (var stream =
        RawSse.post(
            url("/api/rag/chat"),
            "{\"message\":\"chat, restarted\",\"sensor_uuid\":\"550e8400-e29b-41d4-a716-446655440000\"}",
            FARMER)) {
      assertThat(stream.status()).isEqualTo(200);
      events = stream.rest();
    }
    String id = llm.request().getRequestId();

    assertThat(events)
        .extracting(RawSse.Event::name)
        .containsExactly("meta", "token", "token", "reset", "meta", "token", "token", "done");
    var reset = events.get(3);
    assertThat(reset.id()).isEqualTo(id + ":1.-1");
    assertThat(JSON.readTree(reset.data()).get("code").asString())
        .isEqualTo("generation_restarted");
    // what a client shows once it forgets everything before the reset: one generation, whole
    assertThat(textAfterLastReset(events)).isEqualTo("whole answer");
    assertThat(events.get(5).id()).isEqualTo(id + ":1.1");
  }

  @Test
  void anOpenAiStreamWithContentEndsWithAGenerationRestartedErrorNeverASplice() {
    new FakeLlm(KAFKA)
        .restarted(
            q -> q.getMessage().equals("v1, restarted after text"),
            List.of("dead ", "half "),
            "whole ",
            "answer");

    var lines = stream("v1, restarted after text");

    assertThat(lines.get(lines.size() - 1)).isEqualTo("[DONE]");
    JsonNode error = JSON.readTree(lines.get(lines.size() - 2)).get("error");
    assertThat(error.get("type").asString()).isEqualTo("server_error");
    assertThat(error.get("code").asString()).isEqualTo("generation_restarted");
    assertThat(content(lines.subList(0, lines.size() - 2))).isEqualTo("dead half ");
  }

  @Test
  void anOpenAiStreamWithoutContentYetGetsTheNewAnswerAsIfNothingHappened() {
    new FakeLlm(KAFKA)
        .restarted(
            q -> q.getMessage().equals("v1, restarted before text"), List.of(), "whole ", "answer");

    var lines = stream("v1, restarted before text");

    assertThat(lines.get(lines.size() - 1)).isEqualTo("[DONE]");
    var chunks = lines.subList(0, lines.size() - 1).stream().map(JSON::readTree).toList();
    assertThat(chunks).noneMatch(c -> c.has("error"));
    assertThat(chunks.stream().filter(c -> c.at("/choices/0/delta/role").isString())).hasSize(1);
    assertThat(content(lines.subList(0, lines.size() - 1))).isEqualTo("whole answer");
    assertThat(chunks.get(chunks.size() - 1).at("/choices/0/finish_reason").asString())
        .isEqualTo("stop");
  }

  @Test
  void anUnstreamedCompletionIsTheLastGenerationOnly() {
    new FakeLlm(KAFKA)
        .restarted(
            q -> q.getMessage().equals("v1 whole, restarted"),
            List.of("dead ", "half "),
            "whole ",
            "answer");

    try (var response =
        RawSse.post(
            url("/v1/chat/completions"),
            "{\"model\":\"croplogic\",\"messages\":[{\"role\":\"user\",\"content\":\"v1 whole,"
                + " restarted\"}]}",
            FARMER)) {
      assertThat(response.status()).isEqualTo(200);
      var body = JSON.readTree(response.body());
      assertThat(body.at("/choices/0/message/content").asString()).isEqualTo("whole answer");
    }
  }

  private List<String> stream(String question) {
    try (var stream =
        RawSse.post(
            url("/v1/chat/completions"),
            "{\"model\":\"croplogic\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\""
                + question
                + "\"}]}",
            FARMER)) {
      assertThat(stream.status()).isEqualTo(200);
      return stream.rest().stream().map(RawSse.Event::data).toList();
    }
  }

  private static String content(List<String> chunks) {
    var text = new StringBuilder();
    chunks.forEach(c -> text.append(JSON.readTree(c).at("/choices/0/delta/content").asString("")));
    return text.toString();
  }

  private static String textAfterLastReset(List<RawSse.Event> events) {
    var text = new StringBuilder();
    for (var e : events) {
      if (e.name().equals("reset")) {
        text.setLength(0);
      } else if (e.name().equals("token")) {
        text.append(JSON.readTree(e.data()).get("text").asString());
      }
    }
    return text.toString();
  }
}
