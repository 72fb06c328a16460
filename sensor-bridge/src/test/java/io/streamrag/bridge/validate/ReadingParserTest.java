package io.streamrag.bridge.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.bridge.TestProperties;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

class ReadingParserTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

  /** Strict about keys given twice, as the service's mapper is (strict-duplicate-detection). */
  final ReadingParser parser =
      new ReadingParser(
          JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build(),
          TestProperties.withMaxPayload(512));

  @Test
  void acceptsACompleteReadingWithAnIsoTimestamp() {
    var reading =
        parse(
            """
            {"ts":"2026-11-29T09:59:00Z","soil_moisture":12.5,"temperature":21.5,"ph":6.8,
             "ec":1.2,"nitrogen":18,"phosphorus":12,"potassium":160}""");

    assertThat(reading.measuredAt()).isEqualTo(Instant.parse("2026-11-29T09:59:00Z"));
    assertThat(reading.values()).hasSize(7).containsEntry(Measurement.SOIL_MOISTURE, 12.5);
  }

  @Test
  void acceptsEpochMillisAndAPartialReading() {
    var reading = parse("{\"ts\":" + NOW.toEpochMilli() + ",\"ph\":7}");

    assertThat(reading.measuredAt()).isEqualTo(NOW);
    assertThat(reading.values()).containsOnlyKeys(Measurement.PH);
  }

  @Test
  void rejectsReadingWithPhAboveFourteen() {
    assertRefused("{\"ts\":\"2026-11-29T09:59:00Z\",\"ph\":15.2}", "out_of_range", "ph")
        .hasMessage("ph must be between 0 and 14 (pH), got 15.2");
  }

  @Test
  void rejectsMoistureAboveOneHundredPercent() {
    assertRefused(
        "{\"ts\":\"2026-11-29T09:59:00Z\",\"soil_moisture\":140}", "out_of_range", "soil_moisture");
  }

  @Test
  void rejectsTemperatureBelowMinusForty() {
    assertRefused(
        "{\"ts\":\"2026-11-29T09:59:00Z\",\"temperature\":-41}", "out_of_range", "temperature");
  }

  @Test
  void rejectsANegativeNutrientValue() {
    assertRefused(
        "{\"ts\":\"2026-11-29T09:59:00Z\",\"potassium\":-1}", "out_of_range", "potassium");
  }

  @Test
  void rejectsANumberSentAsText() {
    assertRefused("{\"ts\":\"2026-11-29T09:59:00Z\",\"ec\":\"1.2\"}", "malformed", "ec");
  }

  @Test
  void rejectsAnUnknownFieldSoATypoIsNotSilentlyLost() {
    assertRefused(
        "{\"ts\":\"2026-11-29T09:59:00Z\",\"soil_moistur\":20}", "malformed", "soil_moistur");
  }

  @Test
  void rejectsAReadingWithAKeyGivenTwiceNamingTheKey() {
    assertRefused(
            "{\"ts\":\"2026-11-29T09:59:00Z\",\"soil_moisture\":20,\"soil_moisture\":99}",
            "malformed",
            "soil_moisture")
        .hasMessage("duplicate field 'soil_moisture'");
  }

  @Test
  void rejectsInvalidJson() {
    assertRefused("{\"ts\":", "malformed", null).hasMessageStartingWith("body is not valid JSON");
  }

  @Test
  void rejectsAJsonArray() {
    assertRefused("[1,2]", "malformed", null).hasMessage("body must be a JSON object");
  }

  @Test
  void rejectsAReadingWithoutTimestamp() {
    assertRefused("{\"ph\":7}", "malformed", "ts");
  }

  @Test
  void rejectsAnUnparseableTimestamp() {
    assertRefused("{\"ts\":\"yesterday\",\"ph\":7}", "malformed", "ts");
  }

  @Test
  void rejectsATimestampMoreThanFiveMinutesAhead() {
    assertRefused("{\"ts\":\"2026-11-29T10:06:00Z\",\"ph\":7}", "future", "ts");
  }

  @Test
  void rejectsAReadingOlderThanTheMaximumAge() {
    assertRefused("{\"ts\":\"2026-11-20T10:00:00Z\",\"ph\":7}", "stale", "ts");
  }

  @Test
  void rejectsAReadingWithNoMeasurement() {
    assertRefused("{\"ts\":\"2026-11-29T09:59:00Z\"}", "malformed", null);
  }

  @Test
  void rejectsAPayloadOverTheSizeLimit() {
    String big = "{\"ts\":\"2026-11-29T09:59:00Z\",\"ph\":7" + " ".repeat(600) + "}";
    assertRefused(big, "too_large", null).hasMessageContaining("limit is 512");
  }

  private ParsedReading parse(String json) {
    return parser.parse(SENSOR, json.getBytes(StandardCharsets.UTF_8), NOW);
  }

  private org.assertj.core.api.AbstractThrowableAssert<?, ?> assertRefused(
      String json, String code, String field) {
    ThrowingCallable call = () -> parse(json);
    var refused = assertThatThrownBy(call).isInstanceOf(InvalidReading.class);
    refused.satisfies(
        e -> {
          var invalid = (InvalidReading) e;
          assertThat(invalid.reason().code()).isEqualTo(code);
          assertThat(invalid.field()).isEqualTo(field);
        });
    return refused;
  }
}
