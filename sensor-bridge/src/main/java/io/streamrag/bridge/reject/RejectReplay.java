package io.streamrag.bridge.reject;

import io.streamrag.bridge.BridgePipeline;
import io.streamrag.kit.kafka.PartitionReader;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Replays refused payloads after a fix (a relaxed range, a device given a sensor): reads {@code
 * sensor.readings.rejected} from a point in time to its end and sends each matching payload through
 * the bridge again, with its original device, sensor, transport and arrival time. The rejects stay
 * on their topic, so replaying twice is harmless: an accepted reading keeps its event id and ingest
 * absorbs the duplicate.
 */
public final class RejectReplay {

  private final String brokers;
  private final BridgePipeline pipeline;

  public RejectReplay(String brokers, BridgePipeline pipeline) {
    this.brokers = brokers;
    this.pipeline = pipeline;
  }

  /** How many rejects were read, and what became of them by outcome. */
  public record Summary(int read, int matched, Map<String, Integer> outcomes) {}

  /** Replays every reject received at or after {@code since} that passes {@code match}. */
  public Summary replay(Instant since, Predicate<ReadingRejected> match) {
    var outcomes = new LinkedHashMap<String, Integer>();
    int read = 0;
    int matched = 0;
    String topic = Topics.READINGS_REJECTED.name();
    try (var consumer = PartitionReader.assignAll(brokers, topic, "sensor-bridge-replay", 100);
        var decoder = new AvroDeserializer()) {
      var partitions = Set.copyOf(consumer.assignment());
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      var query = new HashMap<TopicPartition, Long>();
      partitions.forEach(p -> query.put(p, since.toEpochMilli()));
      Map<TopicPartition, OffsetAndTimestamp> start = consumer.offsetsForTimes(query);
      for (TopicPartition p : partitions) {
        OffsetAndTimestamp at = start.get(p);
        consumer.seek(p, at == null ? end.get(p) : at.offset());
      }
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
        for (var record : consumer.poll(Duration.ofMillis(200))) {
          if (record.offset() >= end.get(new TopicPartition(topic, record.partition()))) {
            continue;
          }
          read++;
          if (!(decoder.deserialize(topic, record.value()) instanceof ReadingRejected reject)
              || !match.test(reject)) {
            continue;
          }
          matched++;
          String outcome = pipeline.replay(reject).join();
          outcomes.merge(outcome, 1, Integer::sum);
        }
      }
    }
    return new Summary(read, matched, outcomes);
  }
}
