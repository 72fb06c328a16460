package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The demo field's weather station with every service running, set up by the script {@code
 * ./run.sh} runs: the station has a week of days with FAO-56 ET0 and the field's irrigation is
 * computed out of the box; 12.5 mm of rain posted for yesterday reaches, within seconds, the
 * field's chat answer (the station cited) and its irrigation inputs (the station named as the day's
 * source); a humidity of 140 % is refused naming its field.
 */
class WeatherStationTest {

  static final Duration PATIENCE = Duration.ofSeconds(30);
  static RunningSystem system;
  static Stations station;

  @BeforeAll
  static void theDemoFieldAsRunShSetsItUp() throws Exception {
    system = RunningSystem.shared();
    station = Stations.theDemoField(system);
  }

  @Test
  void theDemoStationHasAWeekOfDaysWithPenmanMonteithEt0() throws Exception {
    JsonNode days =
        waitFor(
            () -> {
              JsonNode read = stationDays();
              return read.size() >= 7 && read.toString().contains(Stations.date(7))
                  ? Optional.of(read)
                  : Optional.empty();
            },
            "the demo station's week of days");

    for (int back = 7; back >= 1; back--) {
      JsonNode day = day(days, Stations.date(back));
      assertThat(day.get("et0_method").asString()).as(day.toString()).isEqualTo("penman-monteith");
      assertThat(day.get("et0_mm").asDouble()).as(day.toString()).isBetween(0.3, 4.0);
    }
  }

  @Test
  void theDemoFieldsIrrigationIsComputedOutOfTheBoxFromItsStationsDays() throws Exception {
    JsonNode advice =
        waitFor(
            () -> {
              JsonNode body = irrigation();
              return body.path("inputs").path("station").path("station_id").asString("").isEmpty()
                  ? Optional.empty()
                  : Optional.of(body);
            },
            "irrigation advice with the demo station");

    assertThat(advice.get("irrigation_needed").isBoolean()).as(advice.toString()).isTrue();
    assertThat(advice.path("missing").isEmpty()).as(advice.toString()).isTrue();
    assertThat(advice.get("inputs").get("station").get("station_id").asString())
        .isEqualTo("demo-station");
  }

  @Test
  void yesterdaysRainAtTheStationReachesTheChatAnswerAndTheIrrigationInputsWithinSeconds()
      throws Exception {
    // When the station posts yesterday again, now with 12.5 mm of rain
    assertThat(station.daily(1, 12.5, "")).isEqualTo(202);
    long posted = System.nanoTime();

    // Then the farmer's English question is answered from the station, which is cited
    String said =
        "Yesterday, "
            + Stations.date(1)
            + ", 12.5 mm of rain fell on your field, measured at weather station "
            + "Tehran demo farm station (demo-station)";
    Http.Chat chat =
        waitFor(
            () -> {
              var c =
                  Http.chat(
                      system.gatewayUrl(),
                      "dev-farmer-key",
                      WholeFlowTest.FARMER_SENSOR,
                      "How much rain fell on my field yesterday?");
              return c.tokens().contains(said) && cites(c) ? Optional.of(c) : Optional.empty();
            },
            "an answer saying: " + said);
    System.out.printf("answered from the station %.1f s after the post%n", since(posted));
    assertThat(chat.tokens()).contains(said);

    // And the irrigation inputs show that day beside the forecast, naming the station
    JsonNode yesterday =
        waitFor(
            () ->
                StreamSupport.stream(
                        irrigation().path("inputs").path("observed").spliterator(), false)
                    .filter(d -> d.get("date").asString().equals(Stations.date(1)))
                    .filter(d -> d.get("rain_mm").asDouble() == 12.5)
                    .findFirst(),
            "yesterday's 12.5 mm in the irrigation inputs");
    System.out.printf("in the irrigation inputs %.1f s after the post%n", since(posted));
    assertThat(yesterday.get("source").asString()).isEqualTo("station:demo-station");
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

  private static JsonNode stationDays() {
    return Http.call(
            "GET", system.bridgeUrl() + "/api/stations/" + station.id() + "/days", station.token())
        .body();
  }

  private static JsonNode irrigation() {
    var advice =
        Http.postJson(
            system.gatewayUrl() + "/api/recommendations/irrigation",
            "dev-farmer-key",
            "{\"sensor_uuid\":\"" + WholeFlowTest.FARMER_SENSOR + "\"}");
    assertThat(advice.status()).as(advice.body().toString()).isEqualTo(200);
    return advice.body();
  }

  private static JsonNode day(JsonNode days, String date) {
    return StreamSupport.stream(days.spliterator(), false)
        .filter(d -> d.get("date").asString().equals(date))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + date + " in " + days));
  }

  /** Asks until {@code probe} has an answer, at most {@link #PATIENCE}; no timed assertion. */
  private static <T> T waitFor(Supplier<Optional<T>> probe, String what) {
    return org.awaitility.Awaitility.await(what)
        .atMost(PATIENCE)
        .pollInterval(Duration.ofMillis(250))
        .until(probe::get, Optional::isPresent)
        .get();
  }

  private static double since(long nanos) {
    return (System.nanoTime() - nanos) / 1e9;
  }

  private static boolean cites(Http.Chat chat) {
    return chat.events().stream()
        .filter(e -> e.name().equals("citation"))
        .anyMatch(e -> e.data().contains("\"station/demo-station\""));
  }
}
