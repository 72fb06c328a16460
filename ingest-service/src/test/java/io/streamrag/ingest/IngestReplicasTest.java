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
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.ConsumerGroupState;
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

  static final String GROUP = "ingest-sensors";

  /**
   * Consumers per instance: the sensor binding's {@code concurrency}, set to half the partitions
   * here. With ingest-service.yml's 6 on 6 partitions the range assignor hands every partition to
   * the 6 member ids that sort first, and whether those are all one instance's depends on how many
   * consumers the test JVM numbered before (a run saw the second instance get none); with 3 each,
   * both instances must own partitions, and ownership is what this test is about.
   */
  static final int CONSUMERS_PER_INSTANCE = 3;

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aSensorsTopicsAreReadByOneConsumerWhateverTheInstances() throws Exception {
    try (var admin =
            Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()));
        var first = start()) {
      // Given the first instance's consumers (a member id lasts through rebalances)
      var ofFirst = settledMembers(admin, 1);
      try (var second = start()) {
        // When the second instance joined and the group settled again
        var all = settledMembers(admin, 2);

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
        assertThat(owners.values()).anyMatch(ofFirst::contains);
        assertThat(owners.values()).anyMatch(member -> !ofFirst.contains(member));
        assertThat(all).containsAll(ofFirst);
      }
    }
  }

  /**
   * The group's member ids once the given number of instances' consumers joined, the group is
   * stable and every partition of the four topics is assigned.
   */
  private static Set<String> settledMembers(Admin admin, int instances) {
    var members = new AtomicReference<Set<String>>();
    await()
        .atMost(Duration.ofSeconds(90))
        .until(
            () -> {
              var group = admin.describeConsumerGroups(List.of(GROUP)).all().get().get(GROUP);
              var ids =
                  group.members().stream()
                      .map(MemberDescription::consumerId)
                      .collect(Collectors.toSet());
              members.set(ids);
              return group.state() == ConsumerGroupState.STABLE
                  && ids.size() == instances * CONSUMERS_PER_INSTANCE
                  && owners(admin).size()
                      == TOPICS.size() * SensorTopics.SENSOR_READINGS.partitions();
            });
    return members.get();
  }

  /** Which member of the group reads each partition of the four topics, once it is stable. */
  private static Map<TopicPartition, String> owners(Admin admin) throws Exception {
    var group = admin.describeConsumerGroups(List.of(GROUP)).all().get();
    var out = new HashMap<TopicPartition, String>();
    for (MemberDescription member : group.get(GROUP).members()) {
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
            "--spring.jmx.enabled=false",
            "--spring.cloud.stream.bindings.ingestSensor-in-0.consumer.concurrency="
                + CONSUMERS_PER_INSTANCE);
  }
}
