package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.TopicSpec;
import java.time.Duration;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;

/**
 * The test's llm-service: calls this service on the broker with the request/reply client
 * llm-service uses, its reply listener assigned before the first call.
 */
final class LlmCaller<R extends SpecificRecord> {

  private final ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> replies;
  private final RequestClient<R> client;

  LlmCaller(TopicSpec requests, TopicSpec repliesTopic, Class<R> replyType) {
    this.replies =
        RequestReply.template(
            TopicReaders.outsideSpring(
                ServiceOnBroker.KAFKA.bootstrapServers(), Duration.ofSeconds(5)),
            repliesTopic,
            "test");
    this.client = new RequestClient<>(replies, requests, replyType);
  }

  void start() throws InterruptedException {
    replies.start();
    assertThat(replies.waitForAssignment(ServiceOnBroker.WAIT)).isTrue();
  }

  void stop() {
    replies.stop();
  }

  R call(String callId, SpecificRecord call) {
    return client.call(callId, call, ServiceOnBroker.WAIT);
  }
}
