package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A service that stopped answering is not waited for on every call. */
class RequestClientTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void afterMostCallsGotNoReplyTheNextFailAtOnceSayingWhy() throws Exception {
    var template = startedTemplate("test");
    var client =
        new RequestClient<>(
            template, ServiceTopics.CONVERSATION_REQUESTS, ConversationAnswered.class);
    try {
      for (int i = 0; i < RequestClient.WINDOW; i++) { // nobody serves conversation.requests here
        assertThatThrownBy(() -> client.call("k", request(), Duration.ofMillis(300)))
            .isInstanceOf(RequestClient.CallFailed.class)
            .hasMessageContaining("no reply on conversation.requests within");
      }

      assertThatThrownBy(() -> client.call("k", request(), Duration.ofSeconds(30)))
          .isInstanceOf(RequestClient.CallFailed.class)
          .hasMessageContaining("circuit open");
      assertThat(client.state()).isEqualTo("OPEN");
    } finally {
      template.stop();
    }
  }

  @Test
  void oneDeadReplicaOfTwoLeavesTheOtherAnswering() throws Exception {
    // Given a service whose replica serving half the calls is dead: the calls keyed to its
    // partitions go unanswered
    var answered = new java.util.concurrent.atomic.AtomicInteger();
    var template = startedTemplate("test-half");
    try (var liveReplica =
        new TopicResponder<>(
            KAFKA.bootstrapServers(),
            ServiceTopics.CONVERSATION_REQUESTS,
            ConversationRequested.class,
            call ->
                call.getConversationId().startsWith("live-")
                    ? Map.entry(call.getCallId(), reply(call))
                    : null)) {
      var client =
          new RequestClient<>(
              template, ServiceTopics.CONVERSATION_REQUESTS, ConversationAnswered.class);

      // When calls alternate between the two replicas' partitions, for three windows
      for (int i = 0; i < 3 * RequestClient.WINDOW; i++) {
        boolean live = i % 2 == 0;
        String conversation = (live ? "live-" : "dead-") + i;
        try {
          // a live call may wait longer than a dead one: on a loaded machine one round trip has
          // taken over 300 ms, which is not what this test is about
          client.call(
              conversation,
              request(conversation),
              live ? Duration.ofSeconds(5) : Duration.ofMillis(300));
          answered.incrementAndGet();
        } catch (RequestClient.CallFailed unanswered) {
          assertThat(unanswered.getMessage()).doesNotContain("circuit open");
        }
      }

      // Then the live replica answered every call of its own: the circuit never opened on it
      assertThat(answered.get()).isEqualTo(3 * RequestClient.WINDOW / 2);
      assertThat(client.state()).isEqualTo("CLOSED");
    } finally {
      template.stop();
    }
  }

  /** The caller's side: replies read on every partition of conversation.replies. */
  private static org.springframework.kafka.requestreply.ReplyingKafkaTemplate<
          String, org.apache.avro.specific.SpecificRecord, org.apache.avro.specific.SpecificRecord>
      startedTemplate(String name) throws InterruptedException {
    var template =
        RequestReply.template(
            TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5)),
            ServiceTopics.CONVERSATION_REPLIES,
            name);
    template.start();
    assertThat(template.waitForAssignment(Duration.ofSeconds(20))).isTrue();
    return template;
  }

  private static ConversationAnswered reply(ConversationRequested call) {
    return ConversationAnswered.newBuilder()
        .setCallId(call.getCallId())
        .setConversationId(call.getConversationId())
        .build();
  }

  private static ConversationRequested request() {
    return request("x");
  }

  private static ConversationRequested request(String conversation) {
    return ConversationRequested.newBuilder()
        .setCallId(java.util.UUID.randomUUID().toString())
        .setUserId("u")
        .setConversationId(conversation)
        .setSensorUuid("s")
        .setAction(io.streamrag.schemas.chat.ConversationAction.LIST)
        .setRequestedAt(Instant.now())
        .build();
  }
}
