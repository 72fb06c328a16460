package io.streamrag.bridge.station;

import io.streamrag.bridge.PollRound;
import io.streamrag.bridge.StationSteps;
import io.streamrag.bridge.auth.Credentials;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import org.springframework.scheduling.TaskScheduler;

/**
 * Every interval, fetches the observations of Open-Meteo at each polled station's place and
 * publishes them as that station's. A round asks for the past day each time: ingest counts only the
 * time a station's day has not covered yet, so hours sent again add nothing, and a bridge that was
 * down fills its gap on its next round.
 */
public final class ObservationPoller implements AutoCloseable {

  private static final Credentials POLLER = new Credentials.Internal("open-meteo-poller");
  static final int PAST_HOURS = 24;

  private final StationRegistry stations;
  private final List<String> polled;
  private final OpenMeteoObservations client;
  private final StationSteps steps;
  private final Clock clock;
  private final ScheduledFuture<?> rounds;

  /**
   * @param polled the stations to poll for; empty: every registered station
   */
  public ObservationPoller(
      StationRegistry stations,
      List<String> polled,
      OpenMeteoObservations client,
      StationSteps steps,
      Clock clock,
      Duration interval,
      TaskScheduler scheduler) {
    this.stations = stations;
    this.polled = List.copyOf(polled);
    this.client = client;
    this.steps = steps;
    this.clock = clock;
    // Spring's scheduler logs a failed round and keeps the next ones coming.
    this.rounds = scheduler.scheduleWithFixedDelay(this::pollOnce, clock.instant(), interval);
  }

  /** One round over the polled stations; returns how many observations were published. */
  public int pollOnce() {
    var targets =
        stations.all().stream()
            .filter(s -> polled.isEmpty() || polled.contains(s.getStationId()))
            .toList();
    return PollRound.over(
        "observations",
        targets,
        s -> "station " + s.getStationId(),
        s -> client.fetch(s.getLatitude(), s.getLongitude(), PAST_HOURS, clock.instant()),
        (s, payload) -> steps.handle("open-meteo", POLLER, s.getStationId(), payload));
  }

  @Override
  public void close() {
    rounds.cancel(true);
  }
}
