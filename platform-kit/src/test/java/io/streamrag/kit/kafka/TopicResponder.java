package io.streamrag.kit.kafka;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * Plays a service that answers requests, for tests: it reads a request topic and replies over the
 * real request/reply protocol (correlation id and reply-topic headers). It answers only the
 * requests its function returns a reply for, so test classes sharing a broker leave each other's
 * requests alone.
 *
 * @param <Q> the request record type
 */
public final class TopicResponder<Q extends SpecificRecord> implements AutoCloseable {

  private final KafkaMessageListenerContainer<String, SpecificRecord> container;
  private final KafkaTemplate<String, SpecificRecord> replies;

  /**
   * @param answer the reply to a request, keyed for the reply topic; {@code null} leaves it alone
   */
  public TopicResponder(
      String bootstrapServers,
      TopicSpec requests,
      Class<Q> type,
      Function<Q, Map.Entry<String, SpecificRecord>> answer) {
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
                "test-responder-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "latest"),
            new StringDeserializer(),
            new AvroDeserializer());
    var properties = new ContainerProperties(requests.name());
    properties.setMessageListener(
        (MessageListener<String, SpecificRecord>) record -> reply(record, type, answer));
    this.container = new KafkaMessageListenerContainer<>(consumers, properties);
    container.start();
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                container.getAssignedPartitions() != null
                    && !container.getAssignedPartitions().isEmpty());
  }

  private void reply(
      ConsumerRecord<String, SpecificRecord> record,
      Class<Q> type,
      Function<Q, Map.Entry<String, SpecificRecord>> answer) {
    if (!type.isInstance(record.value())) {
      return;
    }
    var reply = answer.apply(type.cast(record.value()));
    if (reply == null) {
      return;
    }
    var out =
        new ProducerRecord<String, SpecificRecord>(
            new String(record.headers().lastHeader(KafkaHeaders.REPLY_TOPIC).value()),
            reply.getKey(),
            reply.getValue());
    out.headers().add(record.headers().lastHeader(KafkaHeaders.CORRELATION_ID));
    replies.send(out);
  }

  @Override
  public void close() {
    container.stop();
    replies.getProducerFactory().reset();
  }
}
