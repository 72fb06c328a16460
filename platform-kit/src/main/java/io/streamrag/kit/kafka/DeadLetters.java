package io.streamrag.kit.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.schemas.Topics;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.messaging.MessagingException;

/**
 * Dead letters the one way the platform writes them: spring-kafka's {@link
 * DeadLetterPublishingRecoverer}, to the catalogue's dead-letter topic of the source topic, same
 * partition, the original key and bytes, and spring-kafka's standard {@code kafka_dlt-*} headers
 * (exception class, message, stack trace, original topic, partition, offset, timestamp). The Spring
 * Cloud Stream bindings' DLQs write the same headers. A dead letter keeps the failed record's
 * headers, its {@code traceparent} among them, and is counted: {@value #METER}, tagged with the
 * source {@code topic} and the {@code exception} that sent it there.
 */
public final class DeadLetters {

  /** The counter of dead letters written. */
  public static final String METER = "kafka.dead.letters";

  private DeadLetters() {}

  /**
   * @param records a template for records already decoded (e.g. a request listener's Avro values),
   *     or {@code null} when every failed record is raw bytes
   */
  public static DeadLetterPublishingRecoverer recoverer(
      KafkaClients clients, KafkaOperations<?, ?> records) {
    var config = clients.producer("dead-letters");
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    var raw =
        new KafkaTemplate<>(
            new DefaultKafkaProducerFactory<String, byte[]>(
                config, new StringSerializer(), new ByteArraySerializer()));
    Map<Class<?>, KafkaOperations<? extends Object, ? extends Object>> templates =
        records == null
            ? Map.of(byte[].class, raw)
            : Map.of(byte[].class, raw, Object.class, records);
    var meters = clients.meters();
    return new DeadLetterPublishingRecoverer(
        templates,
        (record, e) ->
            new TopicPartition(
                Topics.deadLettersOf(record.topic())
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                record.topic() + " has no dead-letter topic in the catalogue"))
                    .name(),
                record.partition())) {
      @Override
      public void accept(ConsumerRecord<?, ?> record, Consumer<?, ?> consumer, Exception e) {
        super.accept(record, consumer, e); // throws when the dead letter was not written
        count(meters, record, e);
      }
    };
  }

  /** Counts one dead letter of {@code record}, filed because of {@code e}. */
  public static void count(MeterRegistry meters, ConsumerRecord<?, ?> record, Exception e) {
    meters
        .counter(METER, "topic", record.topic(), "exception", cause(e).getClass().getSimpleName())
        .increment();
  }

  /** What failed, inside the wrappers spring-kafka and Spring Messaging put around it. */
  private static Throwable cause(Throwable e) {
    Throwable t = e;
    while ((t instanceof ListenerExecutionFailedException
            || t instanceof MessagingException
            || t instanceof BatchListenerFailedException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
