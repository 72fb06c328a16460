package io.streamrag.gateway.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.gateway.openai.CompletionBody.Turn;
import io.streamrag.gateway.web.Refused;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class CompletionBodyTest {

  static final JsonMapper JSON = new JsonMapper();

  static CompletionBody parse(String json) {
    return CompletionBody.parse(json.getBytes(StandardCharsets.UTF_8), JSON);
  }

  @Test
  void theLastUserMessagesAreTheQuestionAndEachEarlierExchangeATurn() {
    var body =
        parse(
            """
            {"model":"croplogic","messages":[
              {"role":"developer","content":"ignored"},
              {"role":"user","content":"a"},{"role":"user","content":"b"},
              {"role":"assistant","content":"ab."},
              {"role":"assistant","content":"more."},
              {"role":"user","content":"c"},{"role":"assistant","content":[{"type":"text","text":"c."}]},
              {"role":"user","content":"d"},{"role":"user","content":"e"}],
             "temperature":0.2,"user":"someone"}
            """);

    assertThat(body.question()).isEqualTo("d\ne");
    assertThat(body.turns()).containsExactly(new Turn("a\nb", "ab.\nmore."), new Turn("c", "c."));
    assertThat(body.stream()).isFalse();
    assertThat(body.sensorUuid()).isNull();
  }

  @Test
  void aLongRunOfAssistantMessagesIsJoinedIntoOneAnswerInOrder() {
    // 20,000 parts of one answer within the 1 MiB body: joined once (this cost a copy of the
    // growing answer per part, quadratic, before)
    var messages = new StringBuilder("{\"role\":\"user\",\"content\":\"q\"}");
    for (int i = 0; i < 20_000; i++) {
      messages.append(",{\"role\":\"assistant\",\"content\":\"p").append(i).append("\"}");
    }
    messages.append(",{\"role\":\"user\",\"content\":\"next\"}");
    var body = parse("{\"model\":\"croplogic\",\"messages\":[" + messages + "]}");

    assertThat(body.question()).isEqualTo("next");
    var answer = body.turns().isEmpty() ? null : body.turns().get(0);
    // the answer is over the turns' character budget, so it is left out, as any such turn
    assertThat(answer).isNull();
    var small = new StringBuilder("{\"role\":\"user\",\"content\":\"q\"}");
    for (int i = 0; i < 50; i++) {
      small.append(",{\"role\":\"assistant\",\"content\":\"p").append(i).append("\"}");
    }
    small.append(",{\"role\":\"user\",\"content\":\"next\"}");
    var joined = parse("{\"model\":\"croplogic\",\"messages\":[" + small + "]}");
    assertThat(joined.turns())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.question()).isEqualTo("q");
              assertThat(t.answer()).startsWith("p0\np1\np2\n").endsWith("\np49");
            });
  }

  @Test
  void onlyTheNewestTurnsAreKept() {
    var messages = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      messages.append("{\"role\":\"user\",\"content\":\"q").append(i).append("\"},");
      messages.append("{\"role\":\"assistant\",\"content\":\"a").append(i).append("\"},");
    }
    var body =
        parse(
            "{\"model\":\"m\",\"messages\":["
                + messages
                + "{\"role\":\"user\",\"content\":\"now\"}]}");

    assertThat(body.turns()).hasSize(CompletionBody.MAX_TURNS);
    assertThat(body.turns().get(body.turns().size() - 1)).isEqualTo(new Turn("q59", "a59"));
  }

  @Test
  void whatThisApiCannotDoIsRefusedNamingTheParam() {
    refused("{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}", "model");
    refused("{\"model\":\"m\",\"messages\":[]}", "messages");
    refused(
        "{\"model\":\"m\",\"messages\":[{\"role\":\"tool\",\"content\":\"x\"}]}",
        "messages[0].role");
    refused(
        "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"image_url\"}]}]}",
        "messages[0].content");
    refused("{\"model\":\"m\",\"n\":2,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}", "n");
    refused(
        "{\"model\":\"m\",\"tools\":[{}],\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}",
        "tools");
    refused(
        "{\"model\":\"m\",\"stream\":\"yes\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}",
        "stream");
    refused(
        "{\"model\":\"m\",\"sensor_uuid\":\"abc\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}",
        "sensor_uuid");
  }

  private static void refused(String json, String param) {
    assertThatThrownBy(() -> parse(json))
        .isInstanceOfSatisfying(
            Refused.class,
            r -> {
              assertThat(r.refusal().status()).isEqualTo(400);
              assertThat(r.refusal().field()).isEqualTo(param);
            });
  }
}
