package io.streamrag.kafkalocal;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.TopicSpec;
import io.streamrag.schemas.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class LocalKafkaTest {

  static LocalKafka kafka;

  @BeforeAll
  static void start() {
    kafka = LocalKafka.startWithCatalogue();
  }

  @AfterAll
  static void stop() {
    kafka.close();
  }

  @Test
  void everyCatalogueTopicExistsWithItsPartitionsAndCleanupPolicy() throws Exception {
    try (var admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
      var names = Topics.all().stream().map(TopicSpec::name).toList();
      var described = admin.describeTopics(names).allTopicNames().get();
      var configs =
          admin
              .describeConfigs(
                  names.stream()
                      .map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n))
                      .toList())
              .all()
              .get();

      for (TopicSpec spec : Topics.all()) {
        assertThat(described.get(spec.name()).partitions()).hasSize(spec.partitions());
        ConfigEntry policy =
            configs
                .get(new ConfigResource(ConfigResource.Type.TOPIC, spec.name()))
                .get("cleanup.policy");
        assertThat(policy.value()).as(spec.name()).isEqualTo(spec.cleanup().policy());
      }
    }
  }

  @Test
  void aRecordWrittenIsReadBackByAConsumer() throws Exception {
    String topic = ChatTopics.CHAT_REQUESTS.name();
    try (var producer = new KafkaProducer<String, String>(producerProps());
        var consumer = new KafkaConsumer<String, String>(consumerProps())) {
      producer.send(new ProducerRecord<>(topic, "k", "hello broker")).get();
      consumer.subscribe(List.of(topic));

      var values = new java.util.ArrayList<String>();
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (values.isEmpty() && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(r -> values.add(r.value()));
      }
      assertThat(values).containsExactly("hello broker");
    }
  }

  @Test
  void aProbeHandsOutEveryRecordOfOnePollOneAwaitAtATime() throws Exception {
    String topic = ChatTopics.RETRIEVAL_REPLIES.name();
    try (var producer = new KafkaProducer<String, String>(producerProps());
        var probe = new TopicProbe(kafka.bootstrapServers(), topic)) {
      for (String value : List.of("first", "second", "third")) {
        producer.send(new ProducerRecord<>(topic, "probe", value));
      }
      producer.flush();

      var read = new java.util.ArrayList<String>();
      for (int i = 0; i < 3; i++) {
        var record = probe.await(r -> "probe".equals(r.key()), Duration.ofSeconds(20));
        read.add(new String(record.raw(), java.nio.charset.StandardCharsets.UTF_8));
      }
      assertThat(read).containsExactly("first", "second", "third");
    }
  }

  private static Properties producerProps() {
    var p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    return p;
  }

  private static Properties consumerProps() {
    var p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, "local-kafka-test");
    p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    return p;
  }
}
