package io.streamrag.kit.kafka;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;

/**
 * Request/reply over two catalogue topics, by spring-kafka's {@link ReplyingKafkaTemplate}: the
 * request carries a correlation id and the reply topic in its headers; the serving listener
 * ({@code @KafkaListener} with {@code @SendTo}, see {@link
 * KafkaKitConfiguration#requestListenerFactory}) answers on that topic with the same correlation
 * id. Every replica of the caller reads every reply in a consumer group of its own, from the end,
 * and keeps the replies it is waiting for, so any replica may ask and the answer still reaches it.
 */
public final class RequestReply {

  private RequestReply() {}

  /**
   * The caller's side: declare it as a bean, so Spring starts and stops its reply listener.
   *
   * @param replies the topic the replies come back on
   * @param caller the calling service, part of the per-replica consumer group's name
   */
  public static ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> template(
      String bootstrapServers, TopicSpec replies, String caller) {
    var producers =
        new DefaultKafkaProducerFactory<String, SpecificRecord>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.LINGER_MS_CONFIG,
                0,
                ProducerConfig.CLIENT_ID_CONFIG,
                caller + "-requests"),
            new StringSerializer(),
            new AvroSerializer());
    var consumers =
        new DefaultKafkaConsumerFactory<String, SpecificRecord>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                // One group per replica: each replica sees every reply, from now on.
                ConsumerConfig.GROUP_ID_CONFIG,
                caller + "-" + replies.name() + "-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "latest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                100),
            new StringDeserializer(),
            new ErrorHandlingDeserializer<>(new AvroDeserializer()));
    var properties = new ContainerProperties(replies.name());
    // Nothing to commit: a replica that restarts has no call waiting for an old reply.
    properties.setAckMode(ContainerProperties.AckMode.MANUAL);
    var container = new ConcurrentMessageListenerContainer<>(consumers, properties);
    container.setBeanName(caller + "-" + replies.name());
    var template = new ReplyingKafkaTemplate<>(producers, container);
    template.setSharedReplyTopic(true);
    template.setBinaryCorrelation(false);
    return template;
  }
}
