package io.streamrag.bridge.station;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.testing.Problems;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.WeatherObserved;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpStatus;

/**
 * Weather stations over HTTP against a real broker: registered by the admin, observations in with
 * the station's own token, refusals that name the field and are kept, days out.
 */
class StationEndpointTest extends StationsOnBridge {

  @Autowired ApplicationContext context;

  @Test
  void aStationRegisteredByTheAdminPublishesAnObservationWithTheTokenShownOnce() {
    String id = station();
    String token = register(id);
    String ts = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();

    send(
            "POST",
            "/api/stations/" + id + "/observations",
            token,
            "{\"ts\":\""
                + ts
                + "\",\"air_temperature\":14.2,\"relative_humidity\":61,\"wind_speed\":2.4,"
                + "\"solar_radiation\":310,\"rain_mm\":0.4,\"interval_s\":600}")
        .expectStatus()
        .isAccepted()
        .expectBody()
        .jsonPath("$.event_id")
        .isNotEmpty();

    var observed =
        awaitRecord(
            WeatherTopics.WEATHER_OBSERVATIONS.name(),
            WeatherObserved.class,
            o -> o.getStationId().equals(id));
    assertThat(observed.getTransport()).isEqualTo("http");
    assertThat(observed.getObservation().toString()).contains("\"rain_mm\": 0.4");
  }

  @Test
  void aDailyRecordWithRhMaxOf140IsRefusedNamingRhMaxAndKeptWithItsStation() {
    String id = station();
    String token = register(id);
    String body =
        "{\"date\":\""
            + LocalDate.now(ZoneId.of(TEHRAN)).minusDays(1)
            + "\",\"t_max\":18,\"t_min\":6,\"rh_max\":140,\"rh_min\":41,\"wind_speed\":2,\"rain_mm\":3}";

    Problems.refused(
            send("POST", "/api/stations/" + id + "/observations", token, body),
            HttpStatus.BAD_REQUEST,
            "out_of_range")
        .jsonPath("$.field")
        .isEqualTo("rh_max");

    var reject = awaitReject(r -> id.equals(r.getStationId()));
    assertThat(reject.getKind()).isEqualTo("observation");
    assertThat(reject.getField()).isEqualTo("rh_max");
    assertThat(reject.getDeviceId()).isEqualTo(id);
    assertThat(new String(reject.getRaw().array())).isEqualTo(body);
  }

  @Test
  void anotherStationsTokenIsForbiddenAndKeptAndNoTokenIsUnauthorized() {
    String mine = station();
    register(mine);
    String other = station();
    String otherToken = register(other);

    send("POST", "/api/stations/" + mine + "/observations", otherToken, daily(1))
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("forbidden_station");
    send("POST", "/api/stations/" + mine + "/observations", DEVICE_TOKEN, daily(1))
        .expectStatus()
        .isUnauthorized();

    var forbidden =
        awaitReject(
            r -> mine.equals(r.getStationId()) && r.getReasonCode().equals("forbidden_station"));
    assertThat(forbidden.getDeviceId()).isEqualTo(other);
    assertThat(forbidden.getRawSha256()).as("kept whole, for a replay").isNull();
    // a sender without a station's token leaves only the size, hash and first bytes
    var unauthenticated =
        awaitReject(
            r -> mine.equals(r.getStationId()) && r.getReasonCode().equals("unauthenticated"));
    assertThat(unauthenticated.getDeviceId()).isNull();
    assertThat(unauthenticated.getRawSize()).isEqualTo((long) daily(1).length());
    assertThat(unauthenticated.getRawSha256()).isNotNull();
  }

  @Test
  void aStationNameWithAControlCharacterIsRefusedNamingTheField() {
    send(
            "PUT",
            "/api/stations/" + station(),
            ADMIN_TOKEN,
            "{\"lat\":35.3,\"lon\":51.6,\"elevation_m\":1000,\"name\":\"farm\\u0000\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("name");
  }

  @Test
  void anOversizedObservationIsRefusedAndKeptAsSizeHashAndPrefixOnly() {
    String id = station();
    String token = register(id);
    String body = "{\"date\":\"" + "x".repeat(60_000) + "\"}";

    send("POST", "/api/stations/" + id + "/observations", token, body)
        .expectStatus()
        .isEqualTo(413)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("too_large");

    var reject = awaitReject(r -> id.equals(r.getStationId()));
    assertThat(reject.getReasonCode()).isEqualTo("too_large");
    assertThat(reject.getDeviceId()).isEqualTo(id);
    assertThat(reject.getRaw().remaining()).isEqualTo(64);
    assertThat(reject.getRawSize()).isEqualTo(4097L);
  }

  @Test
  void theAdminMayPublishForAStationButNotForOneThatIsNotRegistered() {
    String id = station();
    register(id);

    send("POST", "/api/stations/" + id + "/observations", ADMIN_TOKEN, daily(2))
        .expectStatus()
        .isAccepted();
    send("POST", "/api/stations/nowhere-" + id + "/observations", ADMIN_TOKEN, daily(2))
        .expectStatus()
        .isNotFound()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("station_id");
  }

  @Test
  void registeringNeedsTheAdminAndAValidPlace() {
    String id = station();
    send("PUT", "/api/stations/" + id, DEVICE_TOKEN, place(35.7, 51.4))
        .expectStatus()
        .isUnauthorized();
    send(
            "PUT",
            "/api/stations/" + id,
            ADMIN_TOKEN,
            "{\"lat\":95,\"lon\":51.4,\"elevation_m\":1200}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("lat");
    send(
            "PUT",
            "/api/stations/" + id,
            ADMIN_TOKEN,
            "{\"lat\":35.7,\"lon\":51.4,\"elevation_m\":1200,\"time_zone\":\"Mars/Olympus\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("time_zone");
    send("PUT", "/api/stations/field-7", ADMIN_TOKEN, place(35.7, 51.4))
        .expectStatus()
        .isEqualTo(409);
  }

  @Test
  void movingAStationKeepsItsToken() {
    String id = station();
    String token = register(id);

    send("PUT", "/api/stations/" + id, ADMIN_TOKEN, place(35.8, 51.5))
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.token")
        .doesNotExist()
        .jsonPath("$.lat")
        .isEqualTo(35.8);
    send("POST", "/api/stations/" + id + "/observations", token, daily(1))
        .expectStatus()
        .isAccepted();
  }

  @Test
  void theOpenMeteoPollerIsOffUnlessTurnedOn() {
    // the default configuration calls no outside API: no poller, and no thread of its own
    assertThat(context.getBeanProvider(ObservationPoller.class).getIfAvailable()).isNull();
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(t -> t.getName().startsWith("observation-poller-"));
  }
}
