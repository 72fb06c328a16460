package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.text.Sha256;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The freshness log names every tenant's sensors, and health details count the index: both only on
 * the actuator's own port, and only with the admin token. Probes and Prometheus need none.
 */
@SpringBootTest(
    classes = RetrievalApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = RetrievalApplication.CONFIG_NAME)
class ActuatorAccessTest {

  static final String ADMIN = "ops-token";
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @LocalServerPort int port;
  @LocalManagementPort int managementPort;

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", LocalKafka.shared()::bootstrapServers);
    registry.add("retrieval.admin.token-sha256", () -> Sha256.hex(ADMIN));
  }

  @Test
  void theActuatorIsNotOnTheServicePort() throws Exception {
    assertThat(managementPort).isNotEqualTo(port);
    assertThat(get(port, "/actuator/freshness", ADMIN).statusCode()).isEqualTo(404);
    assertThat(get(port, "/actuator/prometheus", null).statusCode()).isEqualTo(404);
  }

  @Test
  void freshnessNeedsTheAdminToken() throws Exception {
    var anonymous = get(managementPort, "/actuator/freshness", null);
    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(anonymous.body()).contains("\"error\":\"unauthorized\"");
    assertThat(get(managementPort, "/actuator/freshness", "not-" + ADMIN).statusCode())
        .isEqualTo(401);
    var operator = get(managementPort, "/actuator/freshness", ADMIN);
    assertThat(operator.statusCode()).isEqualTo(200);
    assertThat(operator.body()).contains("\"count\"");
  }

  @Test
  void healthShowsItsStatusToProbesAndItsDetailsOnlyWithTheAdminToken() throws Exception {
    var probe = get(managementPort, "/actuator/health", null);
    assertThat(probe.body()).contains("\"status\"").doesNotContain("components", "chunks");
    assertThat(get(managementPort, "/actuator/health", ADMIN).body())
        .contains("\"components\"", "\"chunks\"");
    assertThat(get(managementPort, "/actuator/prometheus", null).statusCode()).isEqualTo(200);
  }

  private static HttpResponse<String> get(int port, String path, String token) throws Exception {
    var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
