package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an operator scrapes: every HTTP service serves {@code /actuator/prometheus} on its
 * actuator's own port with the metrics the README names, filled by what users did; never on the
 * service's port.
 */
class MetricsTest {

  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void theServicesExposeLatencyFreshnessLagAndRejectsToPrometheus() {
    // Given an answered chat and a reading refused for its pH
    var answer =
        Http.chat(system.gatewayUrl(), "dev-other-key", WholeFlowTest.OTHER_SENSOR, "What is ET0?");
    assertThat(answer.count("done")).isEqualTo(1);
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    assertThat(
            Http.postReading(
                system.bridgeUrl(),
                WholeFlowTest.FARMER_SENSOR,
                "dev-device-token",
                "{\"ts\":\"" + ts + "\",\"soil_moisture\":20,\"ph\":15}"))
        .isEqualTo(400);

    // Then the gateway times the first token, and every service reports its consumers' lag
    var gateway = scrape(RunningSystem.actuatorUrl(system.gateway));
    assertThat(gateway).anyMatch(l -> l.startsWith("gateway_chat_first_token_seconds_bucket{"));
    assertThat(gateway)
        .anyMatch(l -> l.startsWith("kafka_consumer_fetch_manager_records_lag_max{"));
    // And retrieval times its searches and the freshness of its index
    var retrieval = scrape(RunningSystem.actuatorUrl(system.retrieval));
    assertThat(retrieval)
        .anyMatch(
            l ->
                l.startsWith("retrieval_search_seconds_bucket{") && l.contains("call=\"context\""));
    assertThat(retrieval).anyMatch(l -> l.startsWith("retrieval_index_freshness_seconds_bucket{"));
    assertThat(scrape(RunningSystem.actuatorUrl(system.ingest)))
        .anyMatch(l -> l.startsWith("kafka_consumer_fetch_manager_records_lag_max{"));
    // And the bridge counts the refusal by its reason
    assertThat(scrape(RunningSystem.actuatorUrl(system.bridge)))
        .anyMatch(
            l ->
                l.startsWith("bridge_rejects_total{")
                    && l.contains("reason=\"out_of_range\"")
                    && l.contains("kind=\"reading\"")
                    && l.contains("transport=\"http\""));
  }

  @Test
  void noServiceAnswersItsActuatorOnItsOwnPort() {
    for (String url : List.of(system.gatewayUrl(), system.bridgeUrl(), system.ingestUrl())) {
      assertThat(Http.status(url + "/actuator/prometheus")).as(url).isEqualTo(404);
    }
  }

  private static List<String> scrape(String baseUrl) {
    return Http.text(baseUrl + "/actuator/prometheus").lines().toList();
  }
}
