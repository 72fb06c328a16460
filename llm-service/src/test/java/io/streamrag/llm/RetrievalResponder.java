package io.streamrag.llm;

import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * Plays retrieval-service for llm-service's tests, over the real topics and the real request/reply
 * protocol (correlation id and reply-topic headers): it answers the calls of one test user with a
 * canned context, or stays silent when the answer function returns {@code null}.
 */
public final class RetrievalResponder implements AutoCloseable {

  private final KafkaMessageListenerContainer<String, SpecificRecord> container;
  private final KafkaTemplate<String, SpecificRecord> replies;

  public RetrievalResponder(
      String bootstrapServers,
      String userId,
      Function<RetrievalRequested, ContextRetrieved> answer) {
    this.replies =
        new KafkaTemplate<>(
            new DefaultKafkaProducerFactory<>(
                Map.of("bootstrap.servers", bootstrapServers),
                new StringSerializer(),
                new AvroSerializer()));
    var consumers =
        new DefaultKafkaConsumerFactory<String, SpecificRecord>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG,
                "test-retrieval-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "latest"),
            new StringDeserializer(),
            new AvroDeserializer());
    var properties = new ContainerProperties(Topics.RETRIEVAL_REQUESTS.name());
    properties.setMessageListener(
        (MessageListener<String, SpecificRecord>) record -> reply(record, userId, answer));
    this.container = new KafkaMessageListenerContainer<>(consumers, properties);
    container.start();
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(30))
        .until(
            () ->
                container.getAssignedPartitions() != null
                    && !container.getAssignedPartitions().isEmpty());
  }

  private void reply(
      ConsumerRecord<String, SpecificRecord> record,
      String userId,
      Function<RetrievalRequested, ContextRetrieved> answer) {
    if (!(record.value() instanceof RetrievalRequested call)
        || !userId.equals(call.getChat().getUserId())) {
      return;
    }
    ContextRetrieved context = answer.apply(call);
    if (context == null) {
      return;
    }
    var reply =
        new ProducerRecord<String, SpecificRecord>(
            new String(record.headers().lastHeader(KafkaHeaders.REPLY_TOPIC).value()),
            call.getCallId(),
            context);
    reply.headers().add(record.headers().lastHeader(KafkaHeaders.CORRELATION_ID));
    replies.send(reply);
  }

  @Override
  public void close() {
    container.stop();
    replies.getProducerFactory().reset();
  }
}
