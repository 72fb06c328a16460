package io.streamrag.gateway.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ChatBodyTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";

  @Test
  void aCompleteBodyIsRead() {
    var body =
        parse(
            "{\"message\":\"hi\",\"sensor_uuid\":\"" + SENSOR + "\",\"conversation_id\":\"c-1\"}");

    assertThat(body).isEqualTo(new ChatBody("hi", SENSOR, "c-1", null));
  }

  @Test
  void aMissingConversationIsLeftForThePipelineToStart() {
    assertThat(parse("{\"message\":\"hi\",\"sensor_uuid\":\"" + SENSOR + "\"}").conversationId())
        .isNull();
  }

  @Test
  void aMissingSensorIsRefusedNamingTheField() {
    assertThatThrownBy(() -> parse("{\"message\":\"hi\"}"))
        .isInstanceOfSatisfying(
            ChatBody.Invalid.class, e -> assertThat(e.refusal().field()).isEqualTo("sensor_uuid"));
  }

  @Test
  void invalidJsonIsRefused() {
    assertThatThrownBy(() -> parse("{\"message\":"))
        .isInstanceOfSatisfying(
            ChatBody.Invalid.class, e -> assertThat(e.refusal().code()).isEqualTo("invalid_json"));
  }

  @Test
  void aNonStringMessageIsRefused() {
    assertThatThrownBy(() -> parse("{\"message\":42,\"sensor_uuid\":\"" + SENSOR + "\"}"))
        .isInstanceOfSatisfying(
            ChatBody.Invalid.class, e -> assertThat(e.refusal().field()).isEqualTo("message"));
  }

  static ChatBody parse(String json) {
    return ChatBody.parse(json.getBytes(StandardCharsets.UTF_8), new JsonMapper());
  }

  @Test
  void aRetrievalModeIsReadAndAnUnknownOneRefusedNamingTheField() {
    assertThat(
            parse("{\"message\":\"hi\",\"sensor_uuid\":\"" + SENSOR + "\",\"mode\":\"agentic\"}")
                .mode())
        .isEqualTo("agentic");
    assertThatThrownBy(
            () ->
                parse("{\"message\":\"hi\",\"sensor_uuid\":\"" + SENSOR + "\",\"mode\":\"turbo\"}"))
        .isInstanceOfSatisfying(
            ChatBody.Invalid.class, e -> assertThat(e.refusal().field()).isEqualTo("mode"));
  }
}
