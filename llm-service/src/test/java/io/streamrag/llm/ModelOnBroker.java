package io.streamrag.llm;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.schemas.chat.ChatRequested;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * llm-service in a test context on the shared broker and PostgreSQL, its model a fake at a local
 * URL, answering a farmer whose retrieval the test plays ({@link RetrievalResponder#moisture}).
 */
public final class ModelOnBroker {

  private ModelOnBroker() {}

  /** The broker, the memory's database, and one model provider at {@code baseUrl}. */
  public static void register(
      DynamicPropertyRegistry registry, LocalKafka kafka, Supplier<Object> baseUrl, String model) {
    registry.add("spring.kafka.bootstrap-servers", kafka::bootstrapServers);
    registry.add("llm.memory.database-url", () -> LocalPostgres.shared().jdbcUrl());
    registry.add("LLM_BASE_URL", baseUrl);
    registry.add("LLM_MODEL", () -> model);
  }

  /**
   * Retrieval-service's side for {@code user} (soil moisture) from before the class's first test,
   * closed after its last together with the model's fake.
   */
  public static Extension moistureFor(LocalKafka kafka, String user, AutoCloseable model) {
    return new Farmer(kafka, user, model);
  }

  private static final class Farmer implements BeforeAllCallback, AfterAllCallback {
    private final LocalKafka kafka;
    private final String user;
    private final AutoCloseable model;
    private RetrievalResponder retrieval;

    Farmer(LocalKafka kafka, String user, AutoCloseable model) {
      this.kafka = kafka;
      this.user = user;
      this.model = model;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
      retrieval = RetrievalResponder.moisture(kafka.bootstrapServers(), user);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
      retrieval.close();
      model.close();
    }
  }

  /** A new question of {@code user}'s, in a new conversation, on the croplogic pipeline. */
  public static ChatRequested asked(String user, String message, String language) {
    return ChatRequested.newBuilder(
            Contexts.request(UUID.randomUUID().toString(), message, language))
        .setConversationId(UUID.randomUUID().toString())
        .setUserId(user)
        .setPipeline("croplogic")
        .setRequestedAt(Instant.now())
        .build();
  }
}
