package io.streamrag.kit.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.schemas.Topics;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessagingException;

/**
 * Dead letters the one way the platform writes them: spring-kafka's {@link
 * DeadLetterPublishingRecoverer}, to the catalogue's dead-letter topic of the source topic, same
 * partition, the original key and bytes, and spring-kafka's standard {@code kafka_dlt-*} headers
 * (exception class, message, stack trace, original topic, partition, offset, timestamp), which
 * {@code ./streamrag topics} replays by (the binder's own DLQ would write {@code x-original-*}
 * headers instead, so the bindings' failures come here too: {@link BindingErrors}). A dead letter
 * keeps the failed record's headers, its {@code traceparent} among them, and is counted: {@value
 * #METER}, tagged with the source {@code topic} and the {@code exception} that sent it there.
 *
 * <p>Every dead letter of the platform is written here: the bindings' and request listeners' error
 * handlers, the index feed, and the handlers that file a record themselves so that its offset is
 * committed in order with the work still running before it (llm-service's chat intake, the
 * gateway's webhook deliveries, {@link #consumed}).
 */
public final class DeadLetters {

  /**
   * Spring Integration's header of the consumed record, {@code IntegrationMessageHeaderAccessor}.
   */
  static final String SOURCE_DATA = "sourceData";

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
    var producers =
        new DefaultKafkaProducerFactory<String, byte[]>(
            config, new StringSerializer(), new ByteArraySerializer());
    var raw = new KafkaTemplate<>(producers);
    Map<Class<?>, KafkaOperations<? extends Object, ? extends Object>> templates =
        records == null
            ? Map.of(byte[].class, raw)
            : Map.of(byte[].class, raw, Object.class, records);
    return new Recoverer(templates, producers, clients.meters());
  }

  /**
   * The recoverer: counts what it wrote, and closes its producer when it is a bean and the context
   * closes (otherwise the producer lasts as long as the process).
   */
  private static final class Recoverer extends DeadLetterPublishingRecoverer
      implements DisposableBean {

    private final DefaultKafkaProducerFactory<String, byte[]> producers;
    private final MeterRegistry meters;

    Recoverer(
        Map<Class<?>, KafkaOperations<? extends Object, ? extends Object>> templates,
        DefaultKafkaProducerFactory<String, byte[]> producers,
        MeterRegistry meters) {
      super(templates, DeadLetters::destination);
      this.producers = producers;
      this.meters = meters;
    }

    @Override
    public void accept(ConsumerRecord<?, ?> record, Consumer<?, ?> consumer, Exception e) {
      super.accept(record, consumer, e); // throws when the dead letter was not written
      count(meters, record, e);
    }

    @Override
    public void destroy() {
      producers.destroy();
    }
  }

  /** The catalogue's dead-letter topic of the record's topic, same partition. */
  private static TopicPartition destination(ConsumerRecord<?, ?> record, Exception e) {
    return new TopicPartition(
        Topics.deadLettersOf(record.topic())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        record.topic() + " has no dead-letter topic in the catalogue"))
            .name(),
        record.partition());
  }

  /**
   * A recoverer for records a handler files itself, outside its container's error handler (so that
   * their offsets are committed in order with the work before them, or after an asynchronous
   * delivery off the consumer's thread), where spring-kafka does not know the consumer group: it
   * names {@code group} in {@code kafka_dlt-original-consumer-group}.
   */
  public static DeadLetterPublishingRecoverer forGroup(KafkaClients clients, String group) {
    return forGroup(clients, group, (record, e) -> new RecordHeaders());
  }

  /** As {@link #forGroup(KafkaClients, String)}, adding the headers {@code headers} makes. */
  public static DeadLetterPublishingRecoverer forGroup(
      KafkaClients clients,
      String group,
      BiFunction<ConsumerRecord<?, ?>, Exception, Headers> headers) {
    var recoverer = recoverer(clients, null);
    recoverer.excludeHeader(DeadLetterPublishingRecoverer.HeaderNames.HeadersToAdd.GROUP);
    recoverer.setHeadersFunction(
        (record, e) -> {
          var out = new RecordHeaders(headers.apply(record, e).toArray());
          out.add(KafkaHeaders.DLT_ORIGINAL_CONSUMER_GROUP, group.getBytes(StandardCharsets.UTF_8));
          return out;
        });
    return recoverer;
  }

  /**
   * The record a binding handed over as {@code message} (raw bytes, a string key), exactly as it
   * was read (its headers, a {@code traceparent} among them, and timestamp: every binding's message
   * carries it, {@link KafkaKitConfiguration}), for a handler that files it itself rather than
   * throwing to the binding's error handler. Without it, the record is rebuilt from the message's
   * topic, partition, offset, key and bytes.
   */
  @SuppressWarnings("unchecked")
  public static ConsumerRecord<String, byte[]> consumed(Message<byte[]> message) {
    var in = message.getHeaders();
    if (in.get(SOURCE_DATA) instanceof ConsumerRecord<?, ?> record) {
      return (ConsumerRecord<String, byte[]>) record;
    }
    return new ConsumerRecord<>(
        in.get(KafkaHeaders.RECEIVED_TOPIC, String.class),
        in.get(KafkaHeaders.RECEIVED_PARTITION, Integer.class),
        in.get(KafkaHeaders.OFFSET, Long.class),
        in.get(KafkaHeaders.RECEIVED_KEY, String.class),
        message.getPayload());
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
