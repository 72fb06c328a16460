package io.streamrag.bridge.station;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.PollerContext;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.IntervalObservation;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The Open-Meteo observation poller, turned on, against {@link FakeOpenMeteo}: a registered station
 * gets the API's finished hours and its current quarter hour as its own observations, validated
 * like a station's.
 */
@TestPropertySource(
    properties = {"bridge.weather.poll.enabled=true", "bridge.weather.poll.interval=1s"})
class ObservationPollerTest extends PollerContext {

  static final String STATION = "poll-" + System.nanoTime();
  static final FakeOpenMeteo FAKE = new FakeOpenMeteo();

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("bridge.weather.poll.url", FAKE::url);
  }

  @AfterAll
  static void stop() {
    FAKE.close();
  }

  @Test
  void aRegisteredStationGetsTheApisFinishedHoursAndItsCurrentQuarterHour() {
    Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
    LocalKafka.shared()
        .publish(
            WeatherTopics.WEATHER_STATIONS.name(),
            STATION,
            new StationRegistered(
                STATION, "Karaj", 35.7, 51.4, 1300.0, "Asia/Tehran", Sha256.hex("x"), hour));

    var seen = new ArrayList<IntervalObservation>();
    try (var probe =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), WeatherTopics.WEATHER_OBSERVATIONS.name())) {
      while (seen.size() < 3) {
        var record =
            probe.await(
                r -> r.value() instanceof WeatherObserved o && STATION.equals(o.getStationId()),
                Duration.ofSeconds(20));
        var observed = (WeatherObserved) record.value();
        assertThat(observed.getTransport()).isEqualTo("open-meteo");
        seen.add((IntervalObservation) observed.getObservation());
      }
    }

    List<IntervalObservation> hourly = seen.stream().filter(o -> o.getIntervalS() == 3600).toList();
    assertThat(hourly)
        .as("the finished hours; the one with a gap and the one not over yet are left out")
        .extracting(IntervalObservation::getTs)
        .containsExactly(hour.minusSeconds(7200), hour);
    assertThat(hourly.get(1).getRainMm()).isEqualTo(1.2);
    assertThat(hourly.get(1).getSolarRadiation()).isEqualTo(210.0);
    assertThat(hourly.get(1).getWindHeightM()).isEqualTo(10.0);
    var current = seen.stream().filter(o -> o.getIntervalS() == 900).findFirst().orElseThrow();
    assertThat(current.getAirTemperature()).isEqualTo(11.4);
    assertThat(current.getRainMm()).isEqualTo(0.2);
    assertThat(FAKE.queries)
        .anySatisfy(
            q ->
                assertThat(q)
                    .contains("latitude=35.7000")
                    .contains("past_hours=24")
                    .contains("timeformat=unixtime")
                    .contains("shortwave_radiation"));
  }
}
