package io.streamrag.bridge.station;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.schemas.WeatherTopics;
import io.streamrag.schemas.weather.StationLinked;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A field follows the station its profile names, else the nearest one within 30 km, published on
 * {@code weather.links} for ingest-service to fold into its snapshot.
 */
class StationLinksTest extends BridgeIntegrationTest {

  @Test
  void aFieldWithoutAStationFollowsTheNearestWithinThirtyKilometres() {
    String near = StationsOnBridge.station();
    String far = StationsOnBridge.station();
    put(near, 36.00, 50.00);
    put(far, 36.20, 50.00); // 22 km north of the field
    String sensor = sensorOf();

    send("PUT", "/api/sensors/" + sensor + "/profile", ADMIN_TOKEN, profile(35.95, 50.00, null))
        .expectStatus()
        .isAccepted();

    var link = linkOf(sensor);
    assertThat(link.getStationId()).isEqualTo(near);
    assertThat(link.getLinkedBy()).isEqualTo("nearest");
    assertThat(link.getDistanceKm()).isBetween(5.5, 5.6); // 0.05° of latitude
  }

  @Test
  void aFieldNamingItsStationFollowsItHoweverFar() {
    String named = StationsOnBridge.station();
    put(named, 29.6, 52.5); // Shiraz, hundreds of kilometres away
    String sensor = sensorOf();

    send("PUT", "/api/sensors/" + sensor + "/profile", ADMIN_TOKEN, profile(35.7, 51.4, named))
        .expectStatus()
        .isAccepted();

    var link = linkOf(sensor);
    assertThat(link.getStationId()).isEqualTo(named);
    assertThat(link.getLinkedBy()).isEqualTo("profile");
    assertThat(link.getDistanceKm()).isGreaterThan(600);
  }

  @Test
  void aStationRegisteredLaterLinksTheFieldsAroundIt() {
    String sensor = sensorOf();
    send("PUT", "/api/sensors/" + sensor + "/profile", ADMIN_TOKEN, profile(-33.9, 18.4, null))
        .expectStatus()
        .isAccepted();
    String cape = StationsOnBridge.station();

    put(cape, -33.92, 18.42);

    var link =
        awaitRecord(
            WeatherTopics.WEATHER_LINKS.name(),
            StationLinked.class,
            l -> l.getSensorUuid().equals(sensor) && cape.equals(l.getStationId()));
    assertThat(link.getDistanceKm()).isLessThan(3);
  }

  @Test
  void aProfileNamingAnUnknownStationIsRefusedNamingTheField() {
    send(
            "PUT",
            "/api/sensors/" + sensorOf() + "/profile",
            ADMIN_TOKEN,
            profile(35.7, 51.4, "no-such-station"))
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("station_id");
  }

  private void put(String id, double lat, double lon) {
    send(
            "PUT",
            "/api/stations/" + id,
            ADMIN_TOKEN,
            "{\"lat\":" + lat + ",\"lon\":" + lon + ",\"elevation_m\":1000}")
        .expectStatus()
        .isCreated();
  }

  private static String sensorOf() {
    return UUID.randomUUID().toString();
  }

  private static String profile(double lat, double lon, String station) {
    return "{\"lat\":"
        + lat
        + ",\"lon\":"
        + lon
        + ",\"soil_texture\":\"loam\""
        + (station == null ? "" : ",\"station_id\":\"" + station + "\"")
        + "}";
  }

  /** The field's first link to a station on weather.links. */
  private static StationLinked linkOf(String sensor) {
    return awaitRecord(
        WeatherTopics.WEATHER_LINKS.name(),
        StationLinked.class,
        l -> l.getSensorUuid().equals(sensor) && l.getStationId() != null);
  }
}
