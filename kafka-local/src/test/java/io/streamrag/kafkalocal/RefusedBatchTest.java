package io.streamrag.kafkalocal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A batch of several records that the broker refuses as too large for the topic is split until its
 * records fit, and every record is delivered. kafka-clients 4.1 split it by {@code batch.size}
 * only, which left a batch under 16 KB whole, and retried it until the delivery timeout
 * (KAFKA-8350, fixed in Kafka 4.2): every writer whose topic's {@code max.message.bytes} is under
 * its {@code batch.size} stalled that way.
 */
class RefusedBatchTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test // on kafka-clients 4.1.2 the flush never returned: the timeout ends it
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aBatchOverTheTopicsLimitIsSplitUntilItsRecordsFitAndAllAreDelivered() throws Exception {
    // Given a topic that takes at most 1 KB per batch, and a producer that gathers records for
    // 300 ms into batches of up to 16 KB (the default), which gives up after 30 s
    String topic = "refused-batch";
    try (var admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
      admin
          .createTopics(
              List.of(
                  new NewTopic(topic, 1, (short) 1)
                      .configs(Map.of(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, "1024"))))
          .all()
          .get();
    }
    var producer =
        new KafkaProducer<>(
            Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers(),
                ProducerConfig.LINGER_MS_CONFIG, 300,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000),
            new StringSerializer(),
            new StringSerializer());

    // When 20 records of 300 bytes each leave in one batch of about 6 KB
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    try (producer) {
      for (int i = 0; i < 20; i++) {
        String value = String.valueOf(i).repeat(300 / String.valueOf(i).length());
        sent.add(producer.send(new ProducerRecord<>(topic, "k" + i, value)));
      }
      producer.flush();

      // Then the broker holds every one of them, in the order sent
      List<Long> offsets = new ArrayList<>();
      for (var future : sent) {
        offsets.add(future.get().offset());
      }
      assertThat(offsets).isSorted().doesNotHaveDuplicates().hasSize(20);
    }
  }
}
