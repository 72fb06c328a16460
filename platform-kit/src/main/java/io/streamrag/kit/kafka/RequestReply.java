package io.streamrag.kit.kafka;

import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.serde.AvroDeserializer;
import io.streamrag.schemas.serde.AvroSerializer;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;

/**
 * Request/reply over two catalogue topics, by spring-kafka's {@link ReplyingKafkaTemplate}: the
 * request carries a correlation id and the reply topic in its headers; the serving listener
 * ({@code @KafkaListener} with {@code @SendTo}, see {@link
 * KafkaKitConfiguration#requestListenerFactory}) answers on that topic with the same correlation
 * id. Every replica of the caller reads every partition of the reply topic from its end ({@link
 * TopicReaders}: no group, no rebalance) and keeps the replies it is waiting for, so any replica
 * may ask and the answer still reaches it.
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
      TopicReaders readers, TopicSpec replies, String caller) {
    var config = readers.clients().producer(caller + "-requests");
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    var producers =
        new DefaultKafkaProducerFactory<String, SpecificRecord>(
            config, new StringSerializer(), new AvroSerializer());
    // Every partition from its end: a replica that restarts has no call waiting for an old reply.
    var container =
        readers.container(
            caller + "-" + replies.name(),
            Map.of(),
            readers.fromTheEnd(replies.name()),
            new ErrorHandlingDeserializer<SpecificRecord>(new AvroDeserializer()));
    var template = new ReplyingKafkaTemplate<>(producers, container);
    template.setSharedReplyTopic(true);
    template.setBinaryCorrelation(false);
    return readers.clients().observed(template);
  }
}
