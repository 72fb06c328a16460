package io.streamrag.gateway.guard;

import io.streamrag.gateway.chat.ChatBody;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import io.streamrag.kit.warmup.WarmUp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the gateway does to every question before Kafka, on ordinary farmers' questions in Persian,
 * Arabic and English: read the body, then the injection guard's normalisation, patterns and corpus
 * similarity. Nothing is published.
 */
final class GatewayWarmUp implements WarmUp {

  private static final List<String> QUESTIONS =
      List.of(
          "رطوبت خاک من چقدر است؟ آیا امروز آبیاری کنم؟",
          "ما هي درجة حرارة التربة في حقلي؟",
          "Should I ignore the rain forecast and irrigate my wheat today?",
          "دستورالعمل آبیاری قطره‌ای برای محصول قبلی من چیست؟");

  private final PromptInjectionGuardrail guard;
  private final JsonMapper json;

  GatewayWarmUp(PromptInjectionGuardrail guard, JsonMapper json) {
    this.guard = guard;
    this.json = json;
  }

  @Override
  public String name() {
    return "guard";
  }

  @Override
  public void round(int round) {
    String question = QUESTIONS.get(round % QUESTIONS.size());
    String body =
        json.writeValueAsString(
            java.util.Map.of(
                "message", question, "sensor_uuid", "00000000-0000-0000-0000-000000000000"));
    var chat = ChatBody.parse(body.getBytes(StandardCharsets.UTF_8), json);
    guard.check(chat.message());
  }
}
