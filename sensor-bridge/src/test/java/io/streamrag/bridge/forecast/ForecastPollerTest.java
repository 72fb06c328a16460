package io.streamrag.bridge.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.streamrag.bridge.PollerContext;
import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.sensor.ForecastUpdated;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The forecast poller against a fake: a local HTTP server speaking the Open-Meteo forecast API (the
 * real one cannot be reached from here). A sensor with a location gets its 7-day forecast
 * published, converted to the bridge's forecast and validated like a pushed one.
 */
@TestPropertySource(properties = {"bridge.forecast.enabled=true", "bridge.forecast.interval=1s"})
class ForecastPollerTest extends PollerContext {

  static final String SENSOR = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
  static final Queue<String> QUERIES = new ConcurrentLinkedQueue<>();
  static final HttpServer FAKE_OPEN_METEO = fakeOpenMeteo();

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add(
        "bridge.forecast.url",
        () -> "http://127.0.0.1:" + FAKE_OPEN_METEO.getAddress().getPort() + "/v1/forecast");
  }

  @AfterAll
  static void stop() {
    FAKE_OPEN_METEO.stop(0);
  }

  @Test
  void aLocatedSensorGetsItsForecastFromTheApi() {
    LocalKafka.shared()
        .publish(
            SensorTopics.SENSOR_PROFILES.name(),
            SENSOR,
            new io.streamrag.schemas.sensor.SensorProfileUpdated(
                SENSOR,
                29.61,
                52.53,
                "loam",
                java.util.List.of(),
                null,
                null,
                null,
                Instant.now(),
                null));

    try (var forecasts =
        new TopicProbe(
            LocalKafka.shared().bootstrapServers(), SensorTopics.SENSOR_FORECASTS.name())) {
      var forecast =
          (ForecastUpdated)
              forecasts
                  .await(
                      r ->
                          r.value() instanceof ForecastUpdated f
                              && SENSOR.equals(f.getSensorUuid()),
                      Duration.ofSeconds(20))
                  .value();
      assertThat(forecast.getSource()).isEqualTo("open-meteo");
      assertThat(forecast.getDays()).hasSize(7);
      assertThat(forecast.getDays().get(0).getDate()).isEqualTo("2026-12-01");
      assertThat(forecast.getDays().get(0).getEt0Mm()).isEqualTo(2.1);
      assertThat(forecast.getDays().get(2).getPrecipitationMm()).isEqualTo(6.4);
    }
    assertThat(QUERIES)
        .anySatisfy(
            q ->
                assertThat(q)
                    .contains("latitude=29.6100")
                    .contains("longitude=52.5300")
                    .contains("et0_fao_evapotranspiration"));
  }

  private static HttpServer fakeOpenMeteo() {
    try {
      var server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/v1/forecast",
          exchange -> {
            QUERIES.add(exchange.getRequestURI().getQuery());
            byte[] body =
                ("{\"latitude\":29.61,\"longitude\":52.53,\"daily_units\":{\"time\":\"iso8601\",\"temperature_2m_min\":\"°C\"},"
                        + "\"daily\":{\"time\":[\"2026-12-01\",\"2026-12-02\",\"2026-12-03\",\"2026-12-04\",\"2026-12-05\",\"2026-12-06\",\"2026-12-07\"],"
                        + "\"temperature_2m_min\":[4.1,3.2,5.0,6.3,2.2,1.0,0.4],\"temperature_2m_max\":[17.2,16.0,12.4,14.8,13.1,12.0,11.6],"
                        + "\"precipitation_sum\":[0.0,0.0,6.4,1.2,0.0,0.0,0.0],\"relative_humidity_2m_mean\":[41,45,78,70,52,48,47],"
                        + "\"wind_speed_10m_max\":[3.2,4.1,7.7,5.0,2.9,2.6,3.0],\"et0_fao_evapotranspiration\":[2.1,2.0,0.9,1.3,1.9,1.8,1.7]}}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
          });
      server.start();
      return server;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
