package io.streamrag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.WeatherTopics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two ingest-service instances share the sensor topics' partitions, on a broker of their own: one
 * sensor's readings, profile, forecast and station link (partition p of each of the four topics,
 * all keyed by sensor) go to one consumer, so no two instances ever fold the same sensor's snapshot
 * at once.
 */
class IngestReplicasTest {

  static final LocalKafka KAFKA = LocalKafka.startWithCatalogue();
  static final List<String> TOPICS =
      List.of(
          SensorTopics.SENSOR_READINGS.name(),
          SensorTopics.SENSOR_PROFILES.name(),
          SensorTopics.SENSOR_FORECASTS.name(),
          WeatherTopics.WEATHER_LINKS.name());

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aSensorsTopicsAreReadByOneConsumerWhateverTheInstances() throws Exception {
    try (var first = start();
        var second = start();
        var admin =
            Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
      // Given both instances in the group, every partition of the four topics assigned
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  owners(admin).size()
                      == TOPICS.size() * SensorTopics.SENSOR_READINGS.partitions());

      // Then partition p of the four topics has one owner, for every p
      var owners = owners(admin);
      for (int p = 0; p < SensorTopics.SENSOR_READINGS.partitions(); p++) {
        int partition = p;
        var of =
            TOPICS.stream()
                .map(topic -> owners.get(new TopicPartition(topic, partition)))
                .distinct()
                .toList();
        assertThat(of).as("the consumers of partition %d of %s", p, TOPICS).hasSize(1);
      }
      // And both instances take a share
      assertThat(owners.values().stream().distinct().count()).isGreaterThan(1);
    }
  }

  /** Which member of the group reads each partition of the four topics, once it is stable. */
  private static Map<TopicPartition, String> owners(Admin admin) throws Exception {
    var group = admin.describeConsumerGroups(List.of("ingest-sensors")).all().get();
    var out = new HashMap<TopicPartition, String>();
    for (MemberDescription member : group.get("ingest-sensors").members()) {
      for (var tp : member.assignment().topicPartitions()) {
        if (Set.copyOf(TOPICS).contains(tp.topic())) {
          out.put(tp, member.consumerId());
        }
      }
    }
    return out;
  }

  private static ConfigurableApplicationContext start() {
    return new SpringApplicationBuilder(IngestApplication.class)
        .properties(IngestApplication.CONFIG_NAME)
        .run(
            "--spring.main.web-application-type=none",
            "--spring.kafka.bootstrap-servers=" + KAFKA.bootstrapServers(),
            "--spring.jmx.enabled=false");
  }
}
