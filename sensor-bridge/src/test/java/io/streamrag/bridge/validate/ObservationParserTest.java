package io.streamrag.bridge.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.bridge.TestProperties;
import io.streamrag.schemas.weather.DailyObservation;
import io.streamrag.schemas.weather.IntervalObservation;
import io.streamrag.schemas.weather.WeatherObserved;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ObservationParserTest {

  static final Instant NOW = Instant.parse("2026-12-05T10:00:00Z");
  static final ZoneId TEHRAN = ZoneId.of("Asia/Tehran");

  final ObservationParser parser =
      new ObservationParser(new JsonMapper(), TestProperties.withMaxPayload(1024));

  @Test
  void anIntervalRecordKeepsItsMeansAndTotalsWithTheWindHeightDefaultingToTwoMetres() {
    var observed =
        parse(
            """
            {"ts":"2026-12-05T09:00:00Z","air_temperature":14.2,"relative_humidity":61,
             "wind_speed":2.4,"solar_radiation":310,"rain_mm":0.4,"interval_s":3600}""");

    var interval = (IntervalObservation) observed.getObservation();
    assertThat(observed.getStationId()).isEqualTo("field-station");
    assertThat(interval.getTs()).isEqualTo(Instant.parse("2026-12-05T09:00:00Z"));
    assertThat(interval.getIntervalS()).isEqualTo(3600);
    assertThat(interval.getSolarRadiation()).isEqualTo(310);
    assertThat(interval.getRainMm()).isEqualTo(0.4);
    assertThat(interval.getWindHeightM()).isEqualTo(2);
  }

  @Test
  void anIntervalWithoutItsLengthCountsFromThePreviousRecord() {
    var observed =
        parse(
            "{\"ts\":\"2026-12-05T09:00:00Z\",\"air_temperature\":14,\"relative_humidity\":61,"
                + "\"wind_speed\":2,\"wind_height_m\":10,\"rain_mm\":0}");

    var interval = (IntervalObservation) observed.getObservation();
    assertThat(interval.getIntervalS()).isNull();
    assertThat(interval.getSolarRadiation()).isNull();
    assertThat(interval.getWindHeightM()).isEqualTo(10);
  }

  @Test
  void aDailyRecordIsTheStationsLocalDate() {
    var observed =
        parse(
            """
            {"date":"2026-12-04","t_max":18.5,"t_min":6.1,"rh_max":88,"rh_min":41,
             "wind_speed":2.1,"solar_radiation_mj":11.3,"rain_mm":12.5}""");

    var daily = (DailyObservation) observed.getObservation();
    assertThat(daily.getDate()).isEqualTo("2026-12-04");
    assertThat(daily.getRainMm()).isEqualTo(12.5);
    assertThat(daily.getSolarRadiationMj()).isEqualTo(11.3);
    assertThat(observed.getEventId())
        .as("a repeat of the same day is the same event")
        .isEqualTo(parse(DAILY).getEventId())
        .as("a corrected day is a new event, which replaces it")
        .isNotEqualTo(parse(DAILY.replace("12.5", "13")).getEventId());
  }

  @Test
  void rhMaxOf140IsRefusedNamingRhMax() {
    refused(DAILY.replace("\"rh_max\":88", "\"rh_max\":140"), "out_of_range", "rh_max")
        .hasMessage("rh_max must be between 0 and 100 (percent), got 140");
  }

  @Test
  void aMinimumAboveItsMaximumIsRefusedNamingTheMinimum() {
    refused(DAILY.replace("\"rh_min\":41", "\"rh_min\":95"), "out_of_range", "rh_min");
    refused(DAILY.replace("\"t_min\":6.1", "\"t_min\":20"), "out_of_range", "t_min");
  }

  @Test
  void physicalRangesAreCheckedForEveryField() {
    refused(
        INTERVAL.replace("\"relative_humidity\":61", "\"relative_humidity\":-3"),
        "out_of_range",
        "relative_humidity");
    refused(
        INTERVAL.replace("\"air_temperature\":14", "\"air_temperature\":71"),
        "out_of_range",
        "air_temperature");
    refused(INTERVAL.replace("\"rain_mm\":0", "\"rain_mm\":-1"), "out_of_range", "rain_mm");
    refused(INTERVAL.replace("}", ",\"solar_radiation\":2000}"), "out_of_range", "solar_radiation");
    refused(
        DAILY.replace("\"solar_radiation_mj\":11.3", "\"solar_radiation_mj\":60"),
        "out_of_range",
        "solar_radiation_mj");
    refused(INTERVAL.replace("}", ",\"interval_s\":90.5}"), "malformed", "interval_s");
  }

  @Test
  void aFieldOfTheOtherRecordOrAnUnknownOneIsRefusedByName() {
    refused(INTERVAL.replace("}", ",\"t_max\":20}"), "malformed", "t_max");
    refused(DAILY.replace("}", ",\"soil_moisture\":20}"), "malformed", "soil_moisture");
  }

  @Test
  void aRecordMustBeEitherAnIntervalOrADay() {
    refused("{\"air_temperature\":14}", "malformed", "ts");
    refused(INTERVAL.replace("}", ",\"date\":\"2026-12-04\"}"), "malformed", "date");
  }

  @Test
  void aDayAfterTheStationsTodayOrLongGoneIsRefused() {
    // 10:00 UTC is 13:30 in Tehran: 2026-12-06 is tomorrow there
    refused(DAILY.replace("2026-12-04", "2026-12-06"), "future", "date");
    refused(DAILY.replace("2026-12-04", "2026-11-20"), "stale", "date");
  }

  @Test
  void aRequiredValueMissingIsNamed() {
    refused(DAILY.replace("\"rain_mm\":12.5", "\"rain_mm\":null"), "malformed", "rain_mm");
    refused(INTERVAL.replace(",\"wind_speed\":2", ""), "malformed", "wind_speed");
  }

  static final String INTERVAL =
      "{\"ts\":\"2026-12-05T09:00:00Z\",\"air_temperature\":14,\"relative_humidity\":61,"
          + "\"wind_speed\":2,\"rain_mm\":0}";
  static final String DAILY =
      "{\"date\":\"2026-12-04\",\"t_max\":18.5,\"t_min\":6.1,\"rh_max\":88,\"rh_min\":41,"
          + "\"wind_speed\":2.1,\"solar_radiation_mj\":11.3,\"rain_mm\":12.5}";

  private WeatherObserved parse(String body) {
    return parser.parse(
        "field-station", TEHRAN, body.getBytes(StandardCharsets.UTF_8), NOW, "http");
  }

  private org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> refused(
      String body, String code, String field) {
    ThrowingCallable parse = () -> parse(body);
    return assertThatThrownBy(parse)
        .isInstanceOfSatisfying(
            InvalidReading.class,
            e -> {
              assertThat(e.reason().code()).isEqualTo(code);
              assertThat(e.field()).isEqualTo(field);
            });
  }
}
