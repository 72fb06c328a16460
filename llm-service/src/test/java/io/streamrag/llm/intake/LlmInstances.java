package io.streamrag.llm.intake;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.LlmApplication;
import io.streamrag.modelfake.StreamingModel;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * llm-service instances started and stopped by a test, as processes of a deployment would be, on a
 * broker and a streaming model (a named fake) of the test's, and questions asked of them.
 */
final class LlmInstances {

  private LlmInstances() {}

  /**
   * One instance in the group {@code llm-answers}, answering with {@code model}, with {@code extra}
   * settings ({@code --key=value}).
   */
  static ConfigurableApplicationContext start(
      LocalKafka kafka, StreamingModel model, String... extra) {
    var args =
        new java.util.ArrayList<>(
            List.of(
                "--spring.main.web-application-type=none",
                "--spring.kafka.bootstrap-servers=" + kafka.bootstrapServers(),
                "--llm.memory.database-url=" + LocalPostgres.shared().jdbcUrl(),
                "--spring.jmx.enabled=false",
                "--llm.chat.planner=deterministic",
                "--LLM_FALLBACK_TO_EXTRACTIVE=false",
                "--LLM_BASE_URL=" + model.baseUrl(),
                "--LLM_MODEL=fake-streaming"));
    args.addAll(List.of(extra));
    return new SpringApplicationBuilder(LlmApplication.class)
        .properties(LlmApplication.CONFIG_NAME)
        .run(args.toArray(String[]::new));
  }

  /** A question of {@code user}'s, in a conversation of its own (any partition). */
  static ChatRequested ask(LocalKafka kafka, String user) {
    var request =
        ChatRequested.newBuilder(
                Contexts.request(UUID.randomUUID().toString(), "رطوبت خاک من چقدر است؟", "fa"))
            .setConversationId(UUID.randomUUID().toString())
            .setUserId(user)
            .setRequestedAt(Instant.now())
            .build();
    kafka.publish(Topics.CHAT_REQUESTS.name(), request.getConversationId(), request);
    return request;
  }

  /** Whether these events of one request hold its last one. */
  static boolean ended(List<AnswerEvent> events) {
    return events != null
        && events.stream()
            .anyMatch(
                e -> e.getType() == AnswerEventType.DONE || e.getType() == AnswerEventType.ERROR);
  }
}
