package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import java.time.Duration;
import java.time.Instant;
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
    var template =
        RequestReply.template(
            TopicReaders.outsideSpring(KAFKA.bootstrapServers(), Duration.ofSeconds(5)),
            ServiceTopics.CONVERSATION_REPLIES,
            "test");
    template.start();
    assertThat(template.waitForAssignment(Duration.ofSeconds(20))).isTrue();
    var client =
        new RequestClient<>(
            template, ServiceTopics.CONVERSATION_REQUESTS, ConversationAnswered.class);
    try {
      for (int i = 0; i < 5; i++) { // nobody serves conversation.requests here
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

  private static ConversationRequested request() {
    return ConversationRequested.newBuilder()
        .setCallId("c")
        .setUserId("u")
        .setConversationId("x")
        .setSensorUuid("s")
        .setAction(io.streamrag.schemas.chat.ConversationAction.LIST)
        .setRequestedAt(Instant.now())
        .build();
  }
}
