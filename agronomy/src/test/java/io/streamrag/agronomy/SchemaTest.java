package io.streamrag.agronomy;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.streamrag.agronomy.field.FieldState;
import io.streamrag.agronomy.field.ForecastDay;
import io.streamrag.agronomy.field.ObservedDay;
import io.streamrag.agronomy.field.ObservedWeather;
import io.streamrag.agronomy.field.SoilNutrients;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The results, serialised by a plain Jackson 3 mapper, are valid against the shipped schemas. */
class SchemaTest {

  static final Instant NOW = Instant.parse("2026-12-01T06:00:00Z");

  private final JsonMapper json = JsonMapper.builder().build();
  private final Agronomy agronomy =
      Agronomy.fromFolder(DemoKnowledge.root(), Clock.fixed(NOW, ZoneOffset.UTC));
  private final Schema irrigation = schema(Schemas.IRRIGATION_ADVICE);
  private final Schema fertilization = schema(Schemas.FERTILIZATION_ADVICE);

  private static Schema schema(String resource) {
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
        .getSchema(SchemaTest.class.getResourceAsStream(resource));
  }

  private static FieldState field(Double moisture, Instant measuredAt, Double phosphorus) {
    return MaizeField.with(moisture, measuredAt, phosphorus, measuredAt);
  }

  private static List<ForecastDay> forecast(Double et0, double rainOnDay3) {
    var days = new ArrayList<ForecastDay>();
    for (int i = 0; i < 7; i++) {
      days.add(
          new ForecastDay(
              LocalDate.of(2026, 12, 1).plusDays(i), 4.0, 17.0, i == 2 ? rainOnDay3 : 0.0, et0));
    }
    return days;
  }

  @Test
  void everyKindOfIrrigationResultIsValidAgainstTheSchema() {
    Instant fresh = NOW.minus(Duration.ofHours(1));
    var results =
        List.of(
            agronomy.irrigation(field(18.0, fresh, 15.0), forecast(8.0, 0), "en"), // needed now
            agronomy.irrigation(field(21.0, fresh, 15.0), forecast(5.0, 10), "fa"), // rain first
            agronomy.irrigation(field(24.0, fresh, 15.0), forecast(null, 0), "ar"), // Hargreaves
            agronomy.irrigation(
                field(18.0, NOW.minus(Duration.ofDays(2)), 15.0), forecast(8.0, 0), "en"), // stale
            agronomy.irrigation(field(null, fresh, 15.0), forecast(5.0, 0), "en"), // missing
            agronomy.irrigation(
                field(18.0, NOW.minus(Duration.ofDays(2)), 15.0),
                forecast(5.0, 0),
                station(),
                "fa"), // a station's days counted
            agronomy.irrigation(
                field(null, fresh, 15.0), forecast(5.0, 0), station(), "ar")); // and missing

    assertThat(results)
        .allSatisfy(r -> assertThat(irrigation.validate(json.valueToTree(r))).isEmpty());
  }

  private static ObservedWeather station() {
    var days = new ArrayList<ObservedDay>();
    for (int back = 3; back >= 1; back--) {
      days.add(
          new ObservedDay(
              LocalDate.of(2026, 12, 1).minusDays(back),
              3.0,
              14.0,
              back == 1 ? 12.5 : 0,
              2.2,
              "penman-monteith",
              true));
    }
    days.add(new ObservedDay(LocalDate.of(2026, 12, 1), 2.0, 9.0, 0.4, null, null, false));
    return new ObservedWeather(
        "demo-station", "Varamin farm", 2.1, "nearest", ZoneOffset.UTC, days);
  }

  @Test
  void everyKindOfFertilizationResultIsValidAgainstTheSchema() {
    Instant fresh = NOW.minus(Duration.ofHours(1));
    var results =
        List.of(
            agronomy.fertilization(field(18.0, fresh, 15.0), "en"), // needed
            agronomy.fertilization(
                new FieldState(
                    "maize",
                    null,
                    null,
                    null,
                    null,
                    null,
                    new SoilNutrients(25.0, 25.0, 250.0, fresh)),
                "fa"), // none needed
            agronomy.fertilization(field(18.0, fresh, null), "ar"), // missing
            agronomy.fertilization(field(18.0, NOW.minus(Duration.ofDays(30)), 15.0), "en"));

    assertThat(results)
        .allSatisfy(r -> assertThat(fertilization.validate(json.valueToTree(r))).isEmpty());
  }

  @Test
  void theJsonHasS110sFieldNamesAndIsoDates() {
    JsonNode advice =
        json.valueToTree(
            agronomy.irrigation(
                field(18.0, NOW.minus(Duration.ofHours(1)), 15.0), forecast(8.0, 0), "en"));

    assertThat(advice.propertyNames())
        .containsExactly(
            "irrigation_needed",
            "amount_mm",
            "reason",
            "next_check_date",
            "next_check_basis",
            "raw_response",
            "inputs",
            "method",
            "missing",
            "stale");
    assertThat(advice.get("next_check_date").asString()).isEqualTo("2026-12-05");
    assertThat(advice.get("raw_response").isNull()).isTrue();
    assertThat(advice.get("inputs").get("measured_at").asString())
        .isEqualTo("2026-12-01T05:00:00Z");
    JsonNode fert =
        json.valueToTree(
            agronomy.fertilization(field(18.0, NOW, 15.0), "en").withRawResponse("model text"));
    assertThat(fert.propertyNames())
        .startsWith(
            "fertilizer_needed",
            "fertilizer_type",
            "amount_kg_per_hectare",
            "reason",
            "npk_status");
    assertThat(fert.get("npk_status").get("nitrogen").asString()).isEqualTo("low");
    assertThat(fert.get("raw_response").asString()).isEqualTo("model text");
  }

  @Test
  void theSchemaRefusesANumberBesideAMissingInput() {
    ObjectNode advice =
        json.valueToTree(agronomy.irrigation(field(null, NOW, 15.0), forecast(5.0, 0), "en"));
    advice.put("amount_mm", 12.0);

    List<Error> errors = irrigation.validate(advice);

    assertThat(errors).isNotEmpty();
    assertThat(errors.toString()).contains("amount_mm");
  }
}
