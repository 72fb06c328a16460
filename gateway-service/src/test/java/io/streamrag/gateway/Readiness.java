package io.streamrag.gateway;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Waits until a gateway's readiness probe says UP, on its actuator's own port. */
public final class Readiness {

  private Readiness() {}

  public static void awaitUp(int managementPort) {
    var actuator =
        WebTestClient.bindToServer().baseUrl("http://127.0.0.1:" + managementPort).build();
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                actuator.get().uri("/actuator/health/readiness").exchange().expectStatus().isOk());
  }
}
