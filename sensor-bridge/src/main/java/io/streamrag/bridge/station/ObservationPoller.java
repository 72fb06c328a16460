package io.streamrag.bridge.station;

import io.streamrag.bridge.BridgeSteps.Outcome;
import io.streamrag.bridge.StationSteps;
import io.streamrag.bridge.auth.Credentials;
import io.streamrag.schemas.weather.StationRegistered;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;

/**
 * Every interval, fetches the observations of Open-Meteo at each polled station's place and
 * publishes them as that station's. A round asks for the past day each time: ingest counts only the
 * time a station's day has not covered yet, so hours sent again add nothing, and a bridge that was
 * down fills its gap on its next round.
 */
public final class ObservationPoller implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ObservationPoller.class);
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
    int published = 0;
    for (StationRegistered station : stations.all()) {
      if (!polled.isEmpty() && !polled.contains(station.getStationId())) {
        continue;
      }
      try {
        var payloads =
            client.fetch(
                station.getLatitude(), station.getLongitude(), PAST_HOURS, clock.instant());
        for (byte[] payload : payloads) {
          var outcome = steps.handle("open-meteo", POLLER, station.getStationId(), payload).join();
          if (outcome instanceof Outcome.Accepted) {
            published++;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return published;
      } catch (Exception e) {
        log.warn("no observations for station {}: {}", station.getStationId(), e.getMessage());
      }
    }
    return published;
  }

  @Override
  public void close() {
    rounds.cancel(true);
  }
}
