package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A weather station with every service running: 12.5 mm of rain posted for yesterday at the station
 * of the demo farmer's field reaches, within seconds, the field's chat answer (the station cited)
 * and its irrigation inputs (the station named as the day's source); a humidity of 140 % is refused
 * naming its field; the station's days carry FAO-56 ET0.
 */
class WeatherStationTest {

  static RunningSystem system;
  static Stations station;

  @BeforeAll
  static void aStationBesideTheField() {
    system = RunningSystem.shared();
    station = Stations.besideTheFarmersField(system, "sys-weather-" + System.nanoTime() % 100_000);
    // a fresh reading, so the field has a snapshot whatever ran before
    assertThat(
            Http.postReading(
                system.bridgeUrl(),
                WholeFlowTest.FARMER_SENSOR,
                "dev-device-token",
                "{\"ts\":\"" + Instant.now() + "\",\"soil_moisture\":21.0}"))
        .isEqualTo(202);
  }

  @Test
  void yesterdaysRainAtTheStationIsAnsweredFromTheStationAndCitedWithinSeconds() throws Exception {
    // When the station posts yesterday: 12.5 mm of rain
    assertThat(station.daily(1, 12.5, "")).isEqualTo(202);
    long posted = System.nanoTime();

    // Then the farmer's English question is answered from the station, which is cited
    Http.Chat chat = null;
    while (System.nanoTime() - posted < Duration.ofSeconds(30).toNanos()) {
      chat =
          Http.chat(
              system.gatewayUrl(),
              "dev-farmer-key",
              WholeFlowTest.FARMER_SENSOR,
              "How much rain fell on my field yesterday?");
      if (chat.tokens().contains("12.5 mm of rain fell on your field") && cites(chat)) {
        break;
      }
      Thread.sleep(250);
    }
    double seconds = (System.nanoTime() - posted) / 1e9;
    assertThat(chat.tokens())
        .as("the answer after %.1f s", seconds)
        .contains("Yesterday, " + Stations.date(1) + ", 12.5 mm of rain fell on your field")
        .contains(station.id());
    assertThat(cites(chat)).as(chat.body()).isTrue();

    // And the irrigation inputs show the day beside the forecast, naming the station
    var advice =
        Http.postJson(
            system.gatewayUrl() + "/api/recommendations/irrigation",
            "dev-farmer-key",
            "{\"sensor_uuid\":\"" + WholeFlowTest.FARMER_SENSOR + "\"}");
    assertThat(advice.status()).isEqualTo(200);
    JsonNode yesterday =
        StreamSupport.stream(advice.body().get("inputs").get("observed").spliterator(), false)
            .filter(d -> d.get("date").asString().equals(Stations.date(1)))
            .findFirst()
            .orElseThrow(() -> new AssertionError(advice.body().toString()));
    assertThat(yesterday.get("rain_mm").asDouble()).isEqualTo(12.5);
    assertThat(yesterday.get("source").asString()).isEqualTo("station:" + station.id());
    assertThat(advice.body().get("inputs").get("station").get("station_id").asString())
        .isEqualTo(station.id());
  }

  @Test
  void aHumidityOf140IsRefusedNamingRhMax() {
    var refused =
        Http.postJson(
            system.bridgeUrl() + "/api/stations/" + station.id() + "/observations",
            station.token(),
            "{\"date\":\""
                + Stations.date(2)
                + "\",\"t_max\":18,\"t_min\":6,\"rh_max\":140,\"rh_min\":41,\"wind_speed\":2,"
                + "\"rain_mm\":0}");

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.body().get("field").asString()).isEqualTo("rh_max");
  }

  @Test
  void theStationsDaysCarryTheirPenmanMonteithEt0() throws Exception {
    assertThat(station.daily(3, 0, "")).isEqualTo(202);

    JsonNode days = null;
    for (int i = 0; i < 60; i++) {
      days =
          Http.call(
                  "GET",
                  system.bridgeUrl() + "/api/stations/" + station.id() + "/days",
                  station.token())
              .body();
      if (days.toString().contains(Stations.date(3))) {
        break;
      }
      Thread.sleep(250);
    }
    JsonNode read = days;
    JsonNode day =
        StreamSupport.stream(read.spliterator(), false)
            .filter(d -> d.get("date").asString().equals(Stations.date(3)))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no day in " + read));
    assertThat(day.get("et0_method").asString()).isEqualTo("penman-monteith");
    assertThat(day.get("et0_mm").asDouble()).isBetween(0.5, 6.0);
  }

  private static boolean cites(Http.Chat chat) {
    return chat.events().stream()
        .filter(e -> e.name().equals("citation"))
        .anyMatch(e -> e.data().contains("\"station/" + station.id() + "\""));
  }
}
