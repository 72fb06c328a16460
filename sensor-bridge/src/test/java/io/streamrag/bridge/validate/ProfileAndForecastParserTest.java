package io.streamrag.bridge.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.bridge.TestProperties;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ProfileAndForecastParserTest {

  static final String SENSOR = "550e8400-e29b-41d4-a716-446655440000";
  static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

  final ProfileParser profiles =
      new ProfileParser(
          new JsonMapper(), TestProperties.withMaxPayload(4096), "orchard-station"::equals);
  final ForecastParser forecasts =
      new ForecastParser(new JsonMapper(), TestProperties.withMaxPayload(4096));

  @Test
  void aProfileWithLocationTextureAndThreeDepthsIsRead() {
    var profile =
        profiles.parse(
            SENSOR,
            bytes(
                """
                {"lat":35.69,"lon":51.39,"soil_texture":"Clay Loam","depths":[
                  {"depth_cm":60,"soil_moisture":31},{"depth_cm":10,"soil_moisture":18.5,"temperature":14},
                  {"depth_cm":30,"soil_moisture":24,"ec":1.4}]}"""),
            NOW);

    assertThat(profile.getSoilTexture()).isEqualTo("clay loam");
    assertThat(profile.getDepths()).extracting(d -> d.getDepthCm()).containsExactly(10, 30, 60);
    assertThat(profile.getDepths().get(0).getSoilMoisture()).isEqualTo(18.5);
  }

  @Test
  void aProfileNamesItsCropIrrigationMethodAndGrowthStageInAnyScript() {
    var profile =
        profiles.parse(
            SENSOR,
            bytes(
                "{\"lat\":35.69,\"lon\":51.39,\"soil_texture\":\"loam\",\"crop\":\"ذرت\","
                    + "\"irrigation_method\":\"Drip\",\"growth_stage\":\"mid\"}"),
            NOW);

    assertThat(profile.getCrop()).isEqualTo("ذرت");
    assertThat(profile.getIrrigationMethod()).isEqualTo("drip");
    assertThat(profile.getGrowthStage()).isEqualTo("mid");
  }

  @Test
  void aCropThatIsNotANameIsRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                profiles.parse(
                    SENSOR,
                    bytes("{\"lat\":1,\"lon\":1,\"soil_texture\":\"loam\",\"crop\":\"<script>\"}"),
                    NOW))
        .isInstanceOfSatisfying(InvalidReading.class, e -> assertThat(e.field()).isEqualTo("crop"));
  }

  @Test
  void anUnknownSoilTextureIsRefusedListingTheValidOnes() {
    assertThatThrownBy(
            () ->
                profiles.parse(
                    SENSOR, bytes("{\"lat\":1,\"lon\":1,\"soil_texture\":\"mud\"}"), NOW))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.field()).isEqualTo("soil_texture"))
        .hasMessageContaining("silty clay loam");
  }

  @Test
  void aLatitudeOutOfRangeIsRefused() {
    assertThatThrownBy(
            () ->
                profiles.parse(
                    SENSOR, bytes("{\"lat\":95,\"lon\":1,\"soil_texture\":\"loam\"}"), NOW))
        .isInstanceOfSatisfying(InvalidReading.class, e -> assertThat(e.field()).isEqualTo("lat"));
  }

  @Test
  void aFourthDepthIsRefused() {
    String four = "[{\"depth_cm\":10},{\"depth_cm\":20},{\"depth_cm\":30},{\"depth_cm\":40}]";
    assertThatThrownBy(
            () ->
                profiles.parse(
                    SENSOR,
                    bytes(
                        "{\"lat\":1,\"lon\":1,\"soil_texture\":\"loam\",\"depths\":" + four + "}"),
                    NOW))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.field()).isEqualTo("depths"));
  }

  @Test
  void aMoistureOutOfRangeAtADepthIsRefusedNamingItsPath() {
    String body =
        "{\"lat\":1,\"lon\":1,\"soil_texture\":\"loam\",\"depths\":[{\"depth_cm\":10,\"soil_moisture\":130}]}";
    assertThatThrownBy(() -> profiles.parse(SENSOR, bytes(body), NOW))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.field()).isEqualTo("depths[0].soil_moisture"));
  }

  @Test
  void aSevenDayForecastIsRead() {
    var days = new StringBuilder();
    for (int d = 1; d <= 7; d++) {
      days.append(d > 1 ? "," : "")
          .append("{\"date\":\"2026-12-0")
          .append(d)
          .append(
              "\",\"t_min\":2,\"t_max\":14,\"precipitation_mm\":0.4,\"humidity\":55,\"wind_speed\":3.1,\"et0_mm\":1.8}");
    }

    var forecast = forecasts.parse(SENSOR, bytes("{\"days\":[" + days + "]}"), NOW, "http");

    assertThat(forecast.getDays()).hasSize(7);
    assertThat(forecast.getDays().get(6).getEt0Mm()).isEqualTo(1.8);
  }

  @Test
  void daysOutOfOrderAreRefused() {
    String body =
        "{\"days\":[{\"date\":\"2026-12-02\",\"t_min\":1,\"t_max\":2,\"precipitation_mm\":0},{\"date\":\"2026-12-01\",\"t_min\":1,\"t_max\":2,\"precipitation_mm\":0}]}";
    assertThatThrownBy(() -> forecasts.parse(SENSOR, bytes(body), NOW, "http"))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.field()).isEqualTo("days[1].date"));
  }

  @Test
  void aMinimumAboveTheMaximumIsRefused() {
    String body =
        "{\"days\":[{\"date\":\"2026-12-01\",\"t_min\":9,\"t_max\":2,\"precipitation_mm\":0}]}";
    assertThatThrownBy(() -> forecasts.parse(SENSOR, bytes(body), NOW, "http"))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.reason().code()).isEqualTo("out_of_range"));
  }

  @Test
  void negativeRainIsRefused() {
    String body =
        "{\"days\":[{\"date\":\"2026-12-01\",\"t_min\":1,\"t_max\":2,\"precipitation_mm\":-3}]}";
    assertThatThrownBy(() -> forecasts.parse(SENSOR, bytes(body), NOW, "http"))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.field()).isEqualTo("days[0].precipitation_mm"));
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aProfileMayNameTheStationItsFieldFollows() {
    var profile =
        profiles.parse(
            SENSOR,
            bytes(
                "{\"lat\":35.7,\"lon\":51.4,\"soil_texture\":\"loam\",\"station_id\":\"orchard-station\"}"),
            NOW);

    assertThat(profile.getStationId()).isEqualTo("orchard-station");
  }

  @Test
  void aProfileNamingAnUnregisteredStationIsRefusedNamingStationId() {
    String body =
        "{\"lat\":35.7,\"lon\":51.4,\"soil_texture\":\"loam\",\"station_id\":\"nowhere\"}";

    assertThatThrownBy(() -> profiles.parse(SENSOR, bytes(body), NOW))
        .isInstanceOfSatisfying(
            InvalidReading.class, e -> assertThat(e.field()).isEqualTo("station_id"));
  }
}
