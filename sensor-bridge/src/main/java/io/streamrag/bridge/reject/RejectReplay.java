package io.streamrag.bridge.reject;

import io.streamrag.bridge.BridgeSteps;
import io.streamrag.bridge.StationSteps;
import io.streamrag.kit.kafka.FollowFrom;
import io.streamrag.kit.kafka.Followed;
import io.streamrag.kit.kafka.TopicFollow;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.ReadingRejected;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Replays refused payloads after a fix (a relaxed range, a device given a sensor): reads {@code
 * sensor.readings.rejected} from a point in time to its end and sends each matching payload through
 * the bridge again, with its original device, sensor, transport and arrival time. The rejects stay
 * on their topic, so replaying twice is harmless: an accepted reading keeps its event id and ingest
 * absorbs the duplicate. The read is a bounded {@link TopicFollow}: from the time to the end as of
 * the replay's start; a reject that cannot be read is logged and skipped.
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
    var run = new Run(match);
    TopicFollow.of(readers, TOPIC, ReadingRejected.class)
        .named("sensor-bridge-replay")
        .from(FollowFrom.since(since))
        .readToEnd(LIMIT, run::replay);
    return run.summary();
  }

  /** One replay's counts; on the follow's consumer thread. */
  private final class Run {
    private final Predicate<ReadingRejected> match;
    private final Map<String, Integer> outcomes = new LinkedHashMap<>();
    private int read;
    private int matched;

    Run(Predicate<ReadingRejected> match) {
      this.match = match;
    }

    synchronized void replay(Followed<ReadingRejected> record) {
      read++;
      var reject = record.value();
      if (reject != null && match.test(reject)) {
        matched++;
        boolean observation = BridgeSteps.Kind.OBSERVATION.label().equals(reject.getKind());
        String outcome = (observation ? stations.replay(reject) : steps.replay(reject)).join();
        outcomes.merge(outcome, 1, Integer::sum);
      }
    }

    synchronized Summary summary() {
      return new Summary(read, matched, new LinkedHashMap<>(outcomes));
    }
  }
}
