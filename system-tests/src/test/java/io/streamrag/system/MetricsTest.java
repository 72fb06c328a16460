package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an operator scrapes: every HTTP service serves {@code /actuator/prometheus} with the metrics
 * the README names, filled by what users did.
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
    var gateway = scrape(system.gatewayUrl());
    assertThat(gateway).anyMatch(l -> l.startsWith("gateway_chat_first_token_seconds_bucket{"));
    assertThat(gateway)
        .anyMatch(l -> l.startsWith("kafka_consumer_fetch_manager_records_lag_max{"));
    // And retrieval times its searches and the freshness of its index
    var retrieval = scrape(retrievalUrl());
    assertThat(retrieval)
        .anyMatch(
            l ->
                l.startsWith("retrieval_search_seconds_bucket{") && l.contains("call=\"context\""));
    assertThat(retrieval).anyMatch(l -> l.startsWith("retrieval_index_freshness_seconds_bucket{"));
    assertThat(scrape(system.ingestUrl()))
        .anyMatch(l -> l.startsWith("kafka_consumer_fetch_manager_records_lag_max{"));
    // And the bridge counts the refusal by its reason
    assertThat(scrape(system.bridgeUrl()))
        .anyMatch(
            l ->
                l.startsWith("bridge_rejects_total{")
                    && l.contains("reason=\"out_of_range\"")
                    && l.contains("kind=\"reading\"")
                    && l.contains("transport=\"http\""));
  }

  private static List<String> scrape(String baseUrl) {
    return Http.text(baseUrl + "/actuator/prometheus").lines().toList();
  }

  private static String retrievalUrl() {
    return "http://127.0.0.1:" + system.retrieval.getEnvironment().getProperty("local.server.port");
  }
}
