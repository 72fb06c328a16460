package io.streamrag.llm.intake;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.LlmApplication;
import io.streamrag.llm.RetrievalResponder;
import io.streamrag.modelfake.Pace;
import io.streamrag.modelfake.StreamingModel;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A stage of the test's own for llm-service instances, which the test starts and stops as a
 * deployment's processes would be: a broker, a streaming model at {@code pace} (a named fake) and
 * retrieval-service played for one user; and the questions asked of them.
 */
final class LlmInstances implements AutoCloseable {

  final LocalKafka kafka = LocalKafka.startWithCatalogue();
  final StreamingModel model;
  private final String user;
  private final RetrievalResponder retrieval;

  LlmInstances(String user, Pace pace) {
    this.user = user;
    this.model = StreamingModel.start(0, pace);
    this.retrieval = RetrievalResponder.moisture(kafka.bootstrapServers(), user);
  }

  /** One instance in the group {@code llm-answers}, with {@code extra} settings ({@code --k=v}). */
  ConfigurableApplicationContext start(String... extra) {
    var args =
        new ArrayList<>(
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

  /** A question of the user's, in a conversation of its own (any partition). */
  ChatRequested ask() {
    var request =
        ChatRequested.newBuilder(
                Contexts.request(UUID.randomUUID().toString(), "رطوبت خاک من چقدر است؟", "fa"))
            .setConversationId(UUID.randomUUID().toString())
            .setUserId(user)
            .setRequestedAt(Instant.now())
            .build();
    kafka.publish(ChatTopics.CHAT_REQUESTS.name(), request.getConversationId(), request);
    return request;
  }

  /** Whether every one of {@code ids} has its first token among {@code events}: under way. */
  static boolean underWay(Set<String> ids, Map<String, List<AnswerEvent>> events) {
    return ids.stream()
        .allMatch(
            id ->
                events.getOrDefault(id, List.of()).stream()
                    .anyMatch(e -> e.getType() == AnswerEventType.TOKEN));
  }

  /** Adds {@code value} to its request's events when it is an answer event. */
  static void collect(Object value, Map<String, List<AnswerEvent>> events) {
    if (value instanceof AnswerEvent e) {
      events.computeIfAbsent(e.getRequestId(), k -> new ArrayList<>()).add(e);
    }
  }

  /** Whether these events of one request hold its last one. */
  static boolean ended(List<AnswerEvent> events) {
    return events != null
        && events.stream()
            .anyMatch(
                e -> e.getType() == AnswerEventType.DONE || e.getType() == AnswerEventType.ERROR);
  }

  @Override
  public void close() {
    retrieval.close();
    model.close();
    kafka.close();
  }
}
