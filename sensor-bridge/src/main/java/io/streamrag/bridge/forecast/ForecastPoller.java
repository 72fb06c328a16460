package io.streamrag.bridge.forecast;

import io.streamrag.bridge.BridgeSteps;
import io.streamrag.bridge.BridgeSteps.Kind;
import io.streamrag.bridge.PollRound;
import io.streamrag.bridge.auth.Credentials;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.sensor.SensorProfileUpdated;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import org.springframework.scheduling.TaskScheduler;

/**
 * Every interval, fetches the forecast for each sensor that has a location in its profile and
 * publishes it as that sensor's forecast. Sensors within about a kilometre share one request.
 */
public final class ForecastPoller implements AutoCloseable {

  private static final Credentials POLLER = new Credentials.Internal("forecast-poller");

  private final TopicView<SensorProfileUpdated> profiles;
  private final OpenMeteoClient client;
  private final BridgeSteps steps;
  private final ScheduledFuture<?> rounds;

  public ForecastPoller(
      TopicView<SensorProfileUpdated> profiles,
      OpenMeteoClient client,
      BridgeSteps steps,
      Duration interval,
      TaskScheduler scheduler) {
    this.profiles = profiles;
    this.client = client;
    this.steps = steps;
    // Spring's scheduler logs a failed round and keeps the next ones coming.
    this.rounds = scheduler.scheduleWithFixedDelay(this::pollOnce, Instant.now(), interval);
  }

  /** One round over every located sensor; returns how many forecasts were published. */
  public int pollOnce() {
    var fetched = new HashMap<String, byte[]>();
    return PollRound.over(
        "forecast",
        profiles.values(),
        p -> "sensor " + p.getSensorUuid(),
        p -> {
          String cell =
              Math.round(p.getLatitude() * 100) + "," + Math.round(p.getLongitude() * 100);
          byte[] forecast = fetched.get(cell);
          if (forecast == null) {
            forecast = client.forecast(p.getLatitude(), p.getLongitude());
            fetched.put(cell, forecast);
          }
          return List.of(forecast);
        },
        (p, forecast) ->
            steps.handle(Kind.FORECAST, "open-meteo", POLLER, p.getSensorUuid(), forecast));
  }

  @Override
  public void close() {
    rounds.cancel(true);
  }
}
