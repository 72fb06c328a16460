package io.streamrag.bridge.reject;

import io.streamrag.bridge.BridgeSteps;
import io.streamrag.bridge.StationSteps;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.ReadingRejected;
import io.streamrag.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.BatchConsumerAwareMessageListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * Replays refused payloads after a fix (a relaxed range, a device given a sensor): reads {@code
 * sensor.readings.rejected} from a point in time to its end and sends each matching payload through
 * the bridge again, with its original device, sensor, transport and arrival time. The rejects stay
 * on their topic, so replaying twice is harmless: an accepted reading keeps its event id and ingest
 * absorbs the duplicate. The read is a {@link TopicReaders} container that stops at the end.
 */
public final class RejectReplay {

  private static final String TOPIC = SensorTopics.READINGS_REJECTED.name();
  private static final Duration LIMIT = Duration.ofMinutes(5);

  private final TopicReaders readers;
  private final BridgeSteps steps;
  private final StationSteps stations;

  public RejectReplay(TopicReaders readers, BridgeSteps steps, StationSteps stations) {
    this.readers = readers;
    this.steps = steps;
    this.stations = stations;
  }

  /** How many rejects were read, and what became of them by outcome. */
  public record Summary(int read, int matched, Map<String, Integer> outcomes) {}

  /**
   * Replays every reject received at or after {@code since} that passes {@code match}.
   *
   * @throws IllegalStateException when the topic cannot be read to its end within 5 minutes
   */
  public Summary replay(Instant since, Predicate<ReadingRejected> match) {
    Map<TopicPartition, Long> end = readers.ends(TOPIC, Duration.ofSeconds(30));
    var from =
        end.keySet().stream()
            .map(
                tp ->
                    new TopicPartitionOffset(
                        TOPIC,
                        tp.partition(),
                        since.toEpochMilli(),
                        TopicPartitionOffset.SeekPosition.TIMESTAMP))
            .toArray(TopicPartitionOffset[]::new);
    var run = new Run(end, match);
    var container = readers.start("sensor-bridge-replay", Map.of(), from, run, null);
    try {
      run.done.get(LIMIT.toMillis(), TimeUnit.MILLISECONDS);
      return run.summary();
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("replay did not reach the end of " + TOPIC + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("replay interrupted", e);
    } finally {
      readers.stop(container);
    }
  }

  /** One replay: reads to the end it was given, then completes. */
  private final class Run
      implements BatchConsumerAwareMessageListener<String, byte[]>, ConsumerSeekAware {
    private final Map<TopicPartition, Long> end;
    private final Predicate<ReadingRejected> match;
    private final AvroDeserializer decoder = new AvroDeserializer();
    private final Map<String, Integer> outcomes = new LinkedHashMap<>();
    private final AtomicInteger read = new AtomicInteger();
    private final AtomicInteger matched = new AtomicInteger();
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    Run(Map<TopicPartition, Long> end, Predicate<ReadingRejected> match) {
      this.end = end;
      this.match = match;
    }

    @Override
    public void onPartitionsAssigned(
        Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
      completeIfAt(assignments);
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records, Consumer<?, ?> consumer) {
      for (var record : records) {
        if (done.isDone()
            || record.offset() >= end.get(new TopicPartition(TOPIC, record.partition()))) {
          continue;
        }
        read.incrementAndGet();
        if (decoder.deserialize(TOPIC, record.value()) instanceof ReadingRejected reject
            && match.test(reject)) {
          matched.incrementAndGet();
          boolean observation = BridgeSteps.Kind.OBSERVATION.label().equals(reject.getKind());
          String outcome = (observation ? stations.replay(reject) : steps.replay(reject)).join();
          synchronized (outcomes) {
            outcomes.merge(outcome, 1, Integer::sum);
          }
        }
      }
      var positions = new java.util.HashMap<TopicPartition, Long>();
      consumer.assignment().forEach(tp -> positions.put(tp, consumer.position(tp)));
      completeIfAt(positions);
    }

    private void completeIfAt(Map<TopicPartition, Long> positions) {
      if (end.entrySet().stream()
          .allMatch(e -> positions.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
        done.complete(null);
      }
    }

    Summary summary() {
      synchronized (outcomes) {
        return new Summary(read.get(), matched.get(), new LinkedHashMap<>(outcomes));
      }
    }
  }
}
