package io.streamrag.llm;

import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.chat.ConversationAction;
import io.streamrag.schemas.chat.ConversationAnswered;
import io.streamrag.schemas.chat.ConversationRequested;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;

/**
 * The gateway's side of llm-service's conversation requests, over the real request/reply topics.
 */
final class ConversationCalls implements AutoCloseable {

  private final ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> replies;

  ConversationCalls(String bootstrapServers) throws InterruptedException {
    replies =
        RequestReply.template(
            TopicReaders.outsideSpring(bootstrapServers, Duration.ofSeconds(5)),
            ServiceTopics.CONVERSATION_REPLIES,
            "test");
    replies.start();
    replies.waitForAssignment(Duration.ofSeconds(30));
  }

  /** Lists or erases a conversation as {@code user}. */
  ConversationAnswered call(String conversation, String user, ConversationAction action) {
    var call =
        ConversationRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setConversationId(conversation)
            .setUserId(user)
            .setSensorUuid(Contexts.SENSOR)
            .setAction(action)
            .setRequestedAt(Instant.now())
            .build();
    return new RequestClient<>(
            replies, ServiceTopics.CONVERSATION_REQUESTS, ConversationAnswered.class)
        .call(call.getCallId(), call, Duration.ofSeconds(10));
  }

  @Override
  public void close() {
    replies.stop();
  }
}
