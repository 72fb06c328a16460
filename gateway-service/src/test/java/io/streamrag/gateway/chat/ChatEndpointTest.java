package io.streamrag.gateway.chat;

import static io.streamrag.gateway.DemoSensors.MINE;
import static io.streamrag.gateway.DemoSensors.OTHER;
import static io.streamrag.gateway.DemoSensors.SSE;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.testing.Problems;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.Citation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;

/**
 * gateway-service alone against a real broker. The test stands where retrieval and llm would: it
 * reads the published request and writes answer events, and checks what the HTTP client sees.
 */
class ChatEndpointTest extends ChatEndpointContext {

  @Test
  void anAnswerIsRelayedAsNamedServerSentEvents() {
    var answerer = Executors.newSingleThreadExecutor();
    answerer.submit(ChatEndpointTest::answerTheNextPersianQuestion);

    List<ServerSentEvent<Map<String, Object>>> events =
        chat(
                "dev-farmer-key",
                "{\"message\":\"رطوبت خاک من چقدر است؟\",\"sensor_uuid\":\"" + MINE + "\"}")
            .expectStatus()
            .isOk()
            .expectHeader()
            .contentType("text/event-stream;charset=UTF-8")
            .returnResult(SSE)
            .getResponseBody()
            .filter(e -> e.event() != null)
            .collectList()
            .block(Duration.ofSeconds(20));
    answerer.shutdown();

    assertThat(events)
        .extracting(ServerSentEvent::event)
        .containsExactly("meta", "token", "token", "citation", "done");
    assertThat(events.get(0).data())
        .containsEntry("provider", "extractive")
        .containsEntry("kb", "irrigation")
        .containsKey("request_id");
    assertThat(events.get(1).data().get("text") + "" + events.get(2).data().get("text"))
        .isEqualTo("رطوبت 12.5 درصد");
    assertThat(events.get(3).data())
        .containsEntry("source", "irrigation/a.fa.md")
        .containsEntry("index", 1);
  }

  @Test
  void whenNoAnswerComesInTimeTheStreamEndsWithAnErrorEvent() {
    var events =
        chat("dev-farmer-key", "{\"message\":\"anyone there?\",\"sensor_uuid\":\"" + MINE + "\"}")
            .expectStatus()
            .isOk()
            .returnResult(SSE)
            .getResponseBody()
            .filter(e -> e.event() != null)
            .collectList()
            .block(Duration.ofSeconds(20));

    assertThat(events)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.event()).isEqualTo("error");
              assertThat(e.data()).containsEntry("code", "timeout");
            });
  }

  @Test
  void aConversationIdNobodyStartedIs404() {
    chat(
            "dev-farmer-key",
            "{\"message\":\"and next week?\",\"sensor_uuid\":\""
                + MINE
                + "\",\"conversation_id\":\"made-up\"}")
        .expectStatus()
        .isNotFound()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("conversation_not_found")
        .jsonPath("$.field")
        .isEqualTo("conversation_id");
  }

  @Test
  void aConversationContinuesWithItsOwnerAndIs404ForAnyoneElse() {
    // Given a conversation the farmer started (its id comes back at once in a header, then in meta)
    String conversation =
        chat("dev-farmer-key", "{\"message\":\"first\",\"sensor_uuid\":\"" + MINE + "\"}")
            .expectStatus()
            .isOk()
            .returnResult(SSE)
            .getResponseHeaders()
            .getFirst("X-Conversation-Id");
    assertThat(conversation).isNotBlank();

    // Then the farmer may continue it
    String body =
        "{\"message\":\"and next week?\",\"sensor_uuid\":\""
            + MINE
            + "\",\"conversation_id\":\""
            + conversation
            + "\"}";
    chat("dev-farmer-key", body).expectStatus().isOk();
    // And another key may neither continue nor read it, nor erase it
    chat("dev-other-key", body.replace(MINE, OTHER)).expectStatus().isNotFound();
    Problems.refused(
        get("/api/conversations/" + conversation, "dev-other-key"),
        HttpStatus.NOT_FOUND,
        "conversation_not_found");
    http.delete()
        .uri("/api/conversations/" + conversation)
        .header("Authorization", "Bearer dev-other-key")
        .exchange()
        .expectStatus()
        .isNotFound();
    // And the owner reading it while llm-service is away gets 503, not a hang
    Problems.refused(
        get("/api/conversations/" + conversation, "dev-farmer-key"),
        HttpStatus.SERVICE_UNAVAILABLE,
        "memory_unavailable");
  }

  @Test
  void aTraceIsOnlyForAKeyAndAnswersWithinItsTimeEvenWithoutLlmService() {
    http.get().uri("/api/chats/r-1/trace").exchange().expectStatus().isUnauthorized();
    Problems.refused(
        get("/api/chats/r-1/trace", "dev-farmer-key"),
        HttpStatus.SERVICE_UNAVAILABLE,
        "memory_unavailable");
  }

  @Test
  void theTrailingSlashPathWorksToo() {
    http.post()
        .uri("/api/rag/chat/")
        .header("Authorization", "Bearer dev-farmer-key")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"message\":\"\",\"sensor_uuid\":\"" + MINE + "\"}")
        .exchange()
        .expectStatus()
        .isBadRequest();
  }

  /** Plays retrieval + llm: waits for the request on Kafka and answers it on Kafka. */
  private static void answerTheNextPersianQuestion() {
    try (var requests = new TopicProbe(KAFKA.bootstrapServers(), ChatTopics.CHAT_REQUESTS.name())) {
      var request =
          (ChatRequested)
              requests
                  .await(
                      r -> r.value() instanceof ChatRequested q && q.getLanguage().equals("fa"),
                      Duration.ofSeconds(15))
                  .value();
      assertThat(request.getSensorUuid()).isEqualTo(MINE);
      assertThat(request.getUserId()).isEqualTo("demo-farmer/configured:demo-farmer");
      String id = request.getRequestId();
      var now = Instant.now();
      int seq = 0;
      for (var event :
          List.of(
              AnswerEvent.newBuilder()
                  .setType(AnswerEventType.META)
                  .setMeta(
                      new AnswerMeta("irrigation", "extractive", "none", false, "new", 0, null)),
              AnswerEvent.newBuilder().setType(AnswerEventType.TOKEN).setText("رطوبت "),
              AnswerEvent.newBuilder().setType(AnswerEventType.TOKEN).setText("12.5 درصد"),
              AnswerEvent.newBuilder()
                  .setType(AnswerEventType.CITATION)
                  .setCitation(new Citation(1, "irrigation/a.fa.md", "irrigation", 0.8)),
              AnswerEvent.newBuilder().setType(AnswerEventType.DONE))) {
        KAFKA.publish(
            ChatTopics.CHAT_ANSWERS.name(),
            id,
            event.setRequestId(id).setSeq(seq++).setEmittedAt(now).build());
      }
    }
  }
}
