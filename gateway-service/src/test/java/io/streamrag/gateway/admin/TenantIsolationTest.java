package io.streamrag.gateway.admin;

import static io.streamrag.gateway.admin.GatewayReplica.SENSOR;
import static io.streamrag.gateway.admin.KeyAdminClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ConversationRequested;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * Two keys issued for a user of the same name, {@code same-name}, in tenants {@code t1} and {@code
 * t2}, both owning the same sensor: what the first starts (its conversation, its answer stream, its
 * trace) is the first key's, and the second gets 404 on every path, as for an id that does not
 * exist. Ownership is the key's id within its tenant, never the free-text user name.
 */
class TenantIsolationTest {

  static final String ADMIN = "tenancy-admin-key";

  static GatewayReplica gateway;
  static String first;
  static String second;

  @BeforeAll
  static void twoTenantsWithASameNamedUser() {
    gateway =
        GatewayReplica.withAdmin(
            ADMIN, "gateway.chat.answer-timeout=2s", "gateway.chat.memory-timeout=1s");
    var admin = gateway.admin(ADMIN);
    first = issue(admin, "t1");
    second = issue(admin, "t2");
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  @Test
  void aSameNamedUserOfAnotherTenantGets404ForTheConversation() {
    // given a conversation the first tenant's key started
    String conversation = startChat(first).getFirst("X-Conversation-Id");

    // then the other tenant's same-named user may neither read, erase nor continue it
    gateway
        .http
        .get()
        .uri("/api/conversations/" + conversation)
        .header("Authorization", "Bearer " + second)
        .exchange()
        .expectStatus()
        .isNotFound()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("conversation_not_found");
    gateway
        .http
        .delete()
        .uri("/api/conversations/" + conversation)
        .header("Authorization", "Bearer " + second)
        .exchange()
        .expectStatus()
        .isNotFound();
    chat(second, ",\"conversation_id\":\"" + conversation + "\"").expectStatus().isNotFound();
    // while its owner gets past ownership (503: no llm-service runs here to list the turns)
    gateway
        .http
        .get()
        .uri("/api/conversations/" + conversation)
        .header("Authorization", "Bearer " + first)
        .exchange()
        .expectStatus()
        .isEqualTo(503);
  }

  @Test
  void aSameNamedUserOfAnotherTenantCannotResumeTheStream() {
    // given a stream the first tenant's key opened
    String request = startChat(first).getFirst("X-Request-Id");

    // then resuming it with the other key is 404, with its own key it streams again
    resume(second, request).expectStatus().isNotFound();
    resume(first, request).expectStatus().isOk();
  }

  @Test
  void requestsCarryTheKeyAndTenantAsTheirOwnerNotTheUserName() {
    // given a question asked with the first key, watched on chat.requests
    ChatRequested asked;
    try (var requests = probe(ChatTopics.CHAT_REQUESTS.name())) {
      String request = startChat(first).getFirst("X-Request-Id");
      asked =
          (ChatRequested)
              requests
                  .await(
                      r -> r.value() instanceof ChatRequested q && q.getRequestId().equals(request),
                      Duration.ofSeconds(10))
                  .value();
    }
    // when the other tenant's same-named user asks llm-service for that answer's trace
    ConversationRequested traceCall;
    try (var calls = probe(ServiceTopics.CONVERSATION_REQUESTS.name())) {
      gateway
          .http
          .get()
          .uri("/api/chats/" + asked.getRequestId() + "/trace")
          .header("Authorization", "Bearer " + second)
          .exchange();
      traceCall =
          (ConversationRequested)
              calls
                  .await(
                      r ->
                          r.value() instanceof ConversationRequested c
                              && asked.getRequestId().equals(c.getRequestId()),
                      Duration.ofSeconds(10))
                  .value();
    }
    // then llm-service, which returns a trace only to its owner, sees two different owners
    assertThat(asked.getUserId()).startsWith("t1/").doesNotContain("same-name");
    assertThat(traceCall.getUserId()).startsWith("t2/").isNotEqualTo(asked.getUserId());
  }

  private static String issue(KeyAdminClient admin, String tenant) {
    return text(
        admin.issue(
            "{\"user\":\"same-name\",\"tenant\":\""
                + tenant
                + "\",\"sensors\":[\""
                + SENSOR
                + "\"]}"),
        "key");
  }

  private static org.springframework.http.HttpHeaders startChat(String key) {
    return chat(key, "").expectStatus().isOk().returnResult(String.class).getResponseHeaders();
  }

  private static org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec chat(
      String key, String extra) {
    return gateway
        .http
        .post()
        .uri("/api/rag/chat")
        .header("Authorization", "Bearer " + key)
        .contentType(MediaType.APPLICATION_JSON)
        .accept(MediaType.TEXT_EVENT_STREAM)
        .bodyValue(
            "{\"message\":\"how wet is my soil?\",\"sensor_uuid\":\"" + SENSOR + "\"" + extra + "}")
        .exchange();
  }

  private static org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec resume(
      String key, String requestId) {
    return gateway
        .http
        .post()
        .uri("/api/rag/chat")
        .header("Authorization", "Bearer " + key)
        .header("Last-Event-ID", requestId + ":0")
        .accept(MediaType.TEXT_EVENT_STREAM)
        .exchange();
  }

  private static TopicProbe probe(String topic) {
    return new TopicProbe(
        LocalKafka.shared().bootstrapServers(),
        topic,
        Instant.now().minusSeconds(1).toEpochMilli());
  }
}
