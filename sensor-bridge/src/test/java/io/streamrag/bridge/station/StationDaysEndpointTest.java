package io.streamrag.bridge.station;

import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.StationDay;
import io.streamrag.schemas.weather.WeatherDayObserved;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A station's days, as ingest-service folded them, read back over HTTP by its token or the admin's.
 */
class StationDaysEndpointTest extends StationsOnBridge {

  @Test
  void theStationsDaysAreReadInARangeWithItsTokenOrTheAdmins() {
    String id = station();
    String token = register(id);
    LocalDate yesterday = LocalDate.now(ZoneId.of(TEHRAN)).minusDays(1);
    for (int back = 0; back < 3; back++) {
      LocalDate date = yesterday.minusDays(back);
      LocalKafka.shared()
          .publish(WeatherTopics.WEATHER_DAYS.name(), id + "/" + date, day(id, date, 2.0 + back));
    }

    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                http.get()
                    .uri("/api/stations/" + id + "/days?to=" + yesterday)
                    .header("Authorization", "Bearer " + ADMIN_TOKEN)
                    .exchange()
                    .expectBody()
                    .jsonPath("$.length()")
                    .isEqualTo(3));
    http.get()
        .uri("/api/stations/" + id + "/days?from=" + yesterday.minusDays(1) + "&to=" + yesterday)
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.length()")
        .isEqualTo(2)
        .jsonPath("$[1].date")
        .isEqualTo(yesterday.toString())
        .jsonPath("$[1].rain_mm")
        .isEqualTo(12.5)
        .jsonPath("$[1].et0_mm")
        .isEqualTo(2.0)
        .jsonPath("$[1].et0_method")
        .isEqualTo("penman-monteith")
        .jsonPath("$[0].et0_mm")
        .isEqualTo(3.0);
    http.get()
        .uri("/api/stations/" + id + "/days?from=2026-13-01")
        .header("Authorization", "Bearer " + ADMIN_TOKEN)
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("from");
    http.get().uri("/api/stations/" + id + "/days").exchange().expectStatus().isUnauthorized();
  }

  /** A day as ingest-service publishes it. */
  static WeatherDayObserved day(String station, LocalDate date, double et0) {
    var day =
        new StationDay(
            date.toString(),
            18.0,
            6.0,
            88.0,
            41.0,
            2.0,
            11.3,
            12.5,
            et0,
            "penman-monteith",
            true,
            86_400,
            1);
    return new WeatherDayObserved(
        station, 1L, day, true, List.of(), 0.0, 0, 0.0, "e-" + date, Instant.now());
  }
}
