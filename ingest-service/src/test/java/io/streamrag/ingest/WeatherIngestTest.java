package io.streamrag.ingest;

import static io.streamrag.ingest.SensorEvents.reading;
import static io.streamrag.ingest.SensorTraffic.WAIT;
import static io.streamrag.ingest.SensorTraffic.awaitSnapshot;
import static io.streamrag.ingest.SensorTraffic.awaitUpsert;
import static io.streamrag.ingest.SensorTraffic.newSensor;
import static io.streamrag.ingest.SensorTraffic.now;
import static io.streamrag.ingest.SensorTraffic.publish;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.index.ManifestChunk;
import io.streamrag.schemas.weather.DailyObservation;
import io.streamrag.schemas.weather.StationLinked;
import io.streamrag.schemas.weather.StationRegistered;
import io.streamrag.schemas.weather.WeatherDayObserved;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * A weather station's observation against a real broker: its day folded with ET0 onto weather.days,
 * and every field that follows the station re-rendered and made searchable, cited as the station.
 */
class WeatherIngestTest extends IngestOnBroker {

  @Test
  void yesterdaysRainAtAStationReachesTheSnapshotAndIndexOfEveryFieldThatFollowsIt() {
    // given a station, two fields following it, and one field reading its soil
    Instant t = now();
    String station = station("Varamin farm", 35.3, 51.6, 918.0, t);
    String first = newSensor();
    String second = newSensor();
    publish(WeatherTopics.WEATHER_LINKS, first, link(first, station, 2.1, t));
    publish(WeatherTopics.WEATHER_LINKS, second, link(second, station, 7.4, t));
    publish(SensorTopics.SENSOR_READINGS, first, reading(first, "w-1", t, 21.0, null));
    String yesterday = yesterday();

    // when the station reports yesterday: 12.5 mm of rain
    observe(station, new DailyObservation(yesterday, 18.5, 6.1, 88.0, 41.0, 2.1, 2.0, 11.3, 12.5));

    // then the station's day carries its ET0
    var day = awaitDay(station, yesterday);
    assertThat(day.getDay().getRainMm()).isEqualTo(12.5);
    assertThat(day.getDay().getEt0Method()).isEqualTo("penman-monteith");
    assertThat(day.getDay().getEt0Mm()).isCloseTo(1.7, within(1.5));
    // and each field's snapshot and index say so, in its three languages, citing the station
    for (String field : new String[] {first, second}) {
      var snapshot =
          awaitSnapshot(field, s -> s.getWeather() != null && !s.getWeather().getDays().isEmpty());
      assertThat(snapshot.getWeather().getDays()).extracting(d -> d.getDate()).contains(yesterday);
      assertThat(snapshot.getTextEn())
          .contains("Yesterday, " + yesterday + ", 12.5 mm of rain fell on your field");
      assertThat(snapshot.getTextFa()).contains("12.5 میلی‌متر باران در مزرعه شما بارید");
      assertThat(snapshot.getTextAr()).contains("هطل 12.5 ملم من المطر على حقلك");
      var en =
          awaitUpsert(
              c ->
                  c.getPayload().getSensorUuid().equals(field)
                      && c.getPayload().getSource().equals("station/" + station)
                      && c.getPayload().getLanguage().equals("en")
                      && c.getPayload().getText().contains("12.5 mm of rain fell"));
      assertThat(en.getVector()).hasSize(384);
      assertThat(en.getPayload().getDocId()).isEqualTo("sensor/" + field + "/weather");
    }
    assertThat(
            awaitSnapshot(
                    second, s -> s.getWeather() != null && !s.getWeather().getDays().isEmpty())
                .getTextEn())
        .contains("7.4 km from your field");
  }

  @Test
  void aFieldUnlinkedFromItsStationLosesItsWeatherFromSnapshotAndIndex() {
    Instant t = now();
    String station = station("Karaj", 35.8, 50.9, 1300.0, t);
    String field = newSensor();
    String yesterday = yesterday();
    observe(station, new DailyObservation(yesterday, 15.0, 4.0, 90.0, 50.0, 1.5, 2.0, null, 3.0));
    awaitDay(station, yesterday);
    publish(WeatherTopics.WEATHER_LINKS, field, link(field, station, 1.0, t));
    awaitSnapshot(field, s -> s.getWeather() != null && !s.getWeather().getDays().isEmpty());

    publish(WeatherTopics.WEATHER_LINKS, field, link(field, null, null, t.plusSeconds(1)));

    var snapshot = awaitSnapshot(field, s -> s.getWeather() == null);
    assertThat(snapshot.getTextEn()).doesNotContain("Weather observed");
    String weatherChunk = Ids.of("sensor/" + field + "/weather", "0");
    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INDEX_CHANGES.name())) {
      index.await(
          r -> weatherChunk.equals(r.key()) && ((IndexChanged) r.value()).getOp() == IndexOp.DELETE,
          WAIT);
    }
  }

  @Test
  void aWeatherSectionWhoseManifestAnotherWriterReplacedIsIndexedAgainWithTheNextReading() {
    // given a field whose weather section is indexed
    Instant t = now();
    String station = station("Qazvin", 36.3, 50.0, 1280.0, t);
    String field = newSensor();
    String source = "sensor/" + field + "/weather";
    publish(WeatherTopics.WEATHER_LINKS, field, link(field, station, 3.0, t));
    observe(station, new DailyObservation(yesterday(), 17.0, 5.0, 85.0, 40.0, 2.0, 2.0, 10.0, 4.5));
    ChunkManifest indexed;
    try (var manifests =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), KnowledgeTopics.INGEST_MANIFESTS.name())) {
      indexed = (ChunkManifest) manifests.await(r -> source.equals(r.key()), WAIT).value();
    }

    // when another writer publishes a newer manifest of it, whose first chunk differs
    var chunks = new ArrayList<>(indexed.getChunks());
    chunks.set(0, new ManifestChunk(chunks.get(0).getPointId(), "written-elsewhere"));
    long replacedAt = System.currentTimeMillis();
    publish(
        KnowledgeTopics.INGEST_MANIFESTS,
        source,
        ChunkManifest.newBuilder(indexed)
            .setVersion(indexed.getVersion() + 1_000)
            .setChunks(chunks)
            .build());

    // then a reading, though it changes only the readings section, indexes that chunk again
    try (var index =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(),
            KnowledgeTopics.INDEX_CHANGES.name(),
            replacedAt)) {
      for (int i = 1; ; i++) {
        publish(
            SensorTopics.SENSOR_READINGS,
            field,
            reading(field, "m-" + i, t.plusSeconds(60L * i), 20.0 + i, null));
        try {
          index.await(r -> chunks.get(0).getPointId().equals(r.key()), Duration.ofSeconds(2));
          break;
        } catch (AssertionError notYet) {
          // ingest may not have read the replaced manifest yet: another reading
          assertThat(i).as("readings sent without the weather chunk indexed again").isLessThan(10);
        }
      }
    }
  }

  /** A new station, registered; its id. */
  static String station(String name, double lat, double lon, double elevation, Instant t) {
    String station = "st-" + newSensor().substring(0, 8);
    publish(
        WeatherTopics.WEATHER_STATIONS,
        station,
        new StationRegistered(station, name, lat, lon, elevation, "UTC", "h", t));
    return station;
  }

  static String yesterday() {
    return LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
  }

  /** The station reports its day over HTTP. */
  static void observe(String station, DailyObservation day) {
    publish(
        WeatherTopics.WEATHER_OBSERVATIONS,
        station,
        new WeatherObserved(Ids.of(station, day.getDate()), station, "http", day, now()));
  }

  static StationLinked link(String sensor, String station, Double km, Instant at) {
    return new StationLinked(sensor, station, km, station == null ? null : "nearest", at);
  }

  static WeatherDayObserved awaitDay(String station, String date) {
    try (var days =
        new TopicProbe(LocalKafka.shared().bootstrapServers(), WeatherTopics.WEATHER_DAYS.name())) {
      return (WeatherDayObserved)
          days.await(r -> (station + "/" + date).equals(r.key()), WAIT).value();
    }
  }
}
