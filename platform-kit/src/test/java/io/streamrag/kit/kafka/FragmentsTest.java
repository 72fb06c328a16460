package io.streamrag.kit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.micrometer.KafkaRecordReceiverContext;
import org.springframework.kafka.support.micrometer.KafkaRecordSenderContext;

/**
 * An answer's token records cross the broker without a span each; its other records keep theirs.
 */
class FragmentsTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aFragmentIsNeitherTracedWhenSentNorWhenReceivedAndAWholeRecordIsBoth() {
    var spans = new CopyOnWriteArrayList<String>();
    var registry = ObservationRegistry.create();
    registry.observationConfig().observationPredicate(Fragments.untraced());
    registry.observationConfig().observationHandler(recording(spans));
    var received = new CopyOnWriteArrayList<String>();
    var container = container(registry, received);
    container.start();
    var producers =
        new DefaultKafkaProducerFactory<String, Object>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()),
            new StringSerializer(),
            (topic, value) -> new AvroSerializer().serialize(topic, (SpecificRecord) value));
    var template = new KafkaTemplate<>(producers);
    template.setObservationEnabled(true);
    template.setObservationRegistry(registry);
    var writer = new TopicWriter(template);
    try {
      writer
          .batch()
          .send(ChatTopics.CHAT_ANSWERS, "whole", event(AnswerEventType.META))
          .sendFragment(ChatTopics.CHAT_ANSWERS, "fragment", event(AnswerEventType.TOKEN))
          .acked()
          .join();

      await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 2);
      assertThat(received).containsExactlyInAnyOrder("whole", "fragment");
      assertThat(spans).containsExactlyInAnyOrder("sent whole", "received whole");
    } finally {
      container.stop();
      writer.close();
    }
  }

  private static KafkaMessageListenerContainer<String, byte[]> container(
      ObservationRegistry registry, List<String> received) {
    var properties = new ContainerProperties(ChatTopics.CHAT_ANSWERS.name());
    properties.setObservationEnabled(true);
    properties.setObservationRegistry(registry);
    properties.setMessageListener(
        (MessageListener<String, byte[]>)
            (ConsumerRecord<String, byte[]> r) -> received.add(r.key()));
    var consumers =
        new DefaultKafkaConsumerFactory<>(
            Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "fragments-test",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    return new KafkaMessageListenerContainer<>(consumers, properties);
  }

  private static ObservationHandler<Observation.Context> recording(List<String> spans) {
    return new ObservationHandler<>() {
      @Override
      public void onStart(Observation.Context context) {
        if (context instanceof KafkaRecordSenderContext sent) {
          spans.add("sent " + sent.getRecord().key());
        } else if (context instanceof KafkaRecordReceiverContext got) {
          spans.add("received " + got.getRecord().key());
        }
      }

      @Override
      public boolean supportsContext(Observation.Context context) {
        return true;
      }
    };
  }

  private static AnswerEvent event(AnswerEventType type) {
    return AnswerEvent.newBuilder()
        .setRequestId("r")
        .setSeq(0)
        .setType(type)
        .setEmittedAt(Instant.now())
        .setText(type == AnswerEventType.TOKEN ? "hello" : null)
        .build();
  }
}
