package io.streamrag.ingest;

import static io.streamrag.ingest.SensorTraffic.WAIT;
import static io.streamrag.ingest.SensorTraffic.awaitSnapshot;
import static io.streamrag.ingest.SensorTraffic.newSensor;
import static io.streamrag.ingest.SensorTraffic.now;
import static io.streamrag.ingest.SensorTraffic.publish;
import static io.streamrag.ingest.WeatherIngestTest.awaitDay;
import static io.streamrag.ingest.WeatherIngestTest.link;
import static io.streamrag.ingest.WeatherIngestTest.observe;
import static io.streamrag.ingest.WeatherIngestTest.station;
import static io.streamrag.ingest.WeatherIngestTest.yesterday;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import io.streamrag.schemas.weather.DailyObservation;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * A field linked to a station at the moment the station's new day is fanned out: its link is
 * rendered with the days held before, and its snapshot reaches the view only after the fan-out has
 * listed the fields. The interleaving is forced by holding the field's snapshot on its way to the
 * broker ({@link HeldSnapshots}) until the fan-out has re-rendered the station's other field.
 */
class WeatherLinkRaceTest extends IngestOnBroker {

  @Test
  void aFieldLinkedWhileItsStationsNewDayIsFannedOutStillGetsThatDay() throws Exception {
    // given a station with a day held, and a field that already follows it
    Instant t = now();
    String station = station("Saveh", 35.0, 50.4, 1108.0, t);
    String earlier = LocalDate.now(ZoneOffset.UTC).minusDays(2).toString();
    String yesterday = yesterday();
    observe(station, new DailyObservation(earlier, 16.0, 5.0, 80.0, 45.0, 1.8, 2.0, 10.0, 1.0));
    awaitDay(station, earlier);
    String follower = newSensor();
    publish(WeatherTopics.WEATHER_LINKS, follower, link(follower, station, 2.0, t));
    awaitSnapshot(follower, s -> hasDay(s, earlier));

    // and a new field linked to it, its snapshot rendered and held on its way to the broker
    String field = newSensor();
    try (var held = HeldSnapshots.hold(field)) {
      publish(WeatherTopics.WEATHER_LINKS, field, link(field, station, 4.0, t));
      held.awaitHeld(WAIT);

      // when the station reports yesterday's rain, and the fan-out has re-rendered the fields it
      // found (the follower only: the new field is not in the view yet)
      observe(
          station, new DailyObservation(yesterday, 18.5, 6.1, 88.0, 41.0, 2.1, 2.0, 11.3, 12.5));
      awaitSnapshot(follower, s -> hasDay(s, yesterday));
    }

    // then the new field gets that day too, once its own snapshot is published
    var snapshot = awaitSnapshot(field, s -> hasDay(s, yesterday));
    assertThat(snapshot.getTextEn())
        .contains("Yesterday, " + yesterday + ", 12.5 mm of rain fell on your field");
  }

  private static boolean hasDay(SensorSnapshotUpdated s, String date) {
    return s.getWeather() != null
        && s.getWeather().getDays().stream().anyMatch(d -> d.getDate().equals(date));
  }
}
