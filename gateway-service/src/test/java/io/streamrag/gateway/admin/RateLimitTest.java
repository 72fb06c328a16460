package io.streamrag.gateway.admin;

import static io.streamrag.gateway.admin.GatewayReplica.SENSOR;
import static io.streamrag.gateway.admin.KeyAdminClient.JSON;
import static io.streamrag.gateway.admin.KeyAdminClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** The rate limit per key, on a replica where a user key may make 3 requests a minute. */
class RateLimitTest {

  static final String ADMIN = "rate-admin-key";
  static GatewayReplica gateway;
  static KeyAdminClient admin;

  @BeforeAll
  static void start() {
    gateway =
        GatewayReplica.withAdmin(
            ADMIN,
            "gateway.rate-limit.requests-per-minute.user=3",
            "gateway.rate-limit.requests-per-minute.admin=100");
    admin = gateway.admin(ADMIN);
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  @Test
  void theFourthRequestInAMinuteIs429WithRetryAfterAndAProblemDetail() {
    // given a user key that has made its 3 requests
    var issued = admin.issueUser("counted", SENSOR);
    String key = text(issued, "key");
    for (int i = 0; i < 3; i++) {
      assertThat(gateway.chatStatus(key, SENSOR)).isEqualTo(400);
    }

    // when it makes a fourth, then it is refused with the seconds to wait
    var refused =
        gateway
            .http
            .post()
            .uri("/api/rag/chat")
            .header("Authorization", "Bearer " + key)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"message\":\"hi\",\"sensor_uuid\":\"" + SENSOR + "\"}")
            .exchange()
            .expectStatus()
            .isEqualTo(429)
            .expectHeader()
            .contentType(MediaType.APPLICATION_PROBLEM_JSON)
            .expectBody(JSON)
            .returnResult();
    long retryAfter = Long.parseLong(refused.getResponseHeaders().getFirst("Retry-After"));
    assertThat(retryAfter).isBetween(1L, 60L);
    assertThat(refused.getResponseBody())
        .containsEntry("status", 429)
        .containsEntry("error", "rate_limited")
        .containsEntry("retry_after_seconds", (int) retryAfter);

    // and every endpoint counts: its alert stream too
    gateway
        .http
        .get()
        .uri("/api/sensors/" + SENSOR + "/events")
        .header("Authorization", "Bearer " + key)
        .exchange()
        .expectStatus()
        .isEqualTo(429);
    // the limit is the identity's: a rotated key does not start a new count
    String rotated = text(admin.rotate(text(issued, "id"), "{}"), "key");
    assertThat(gateway.chatStatus(rotated, SENSOR)).isEqualTo(429);
  }

  @Test
  void theOpenAiApiAnswers429InOpenAisErrorShape() {
    String key = text(admin.issueUser("counted", SENSOR), "key");
    for (int i = 0; i < 3; i++) {
      models(key).expectStatus().isOk();
    }

    var refused = models(key).expectStatus().isEqualTo(429).expectBody(JSON).returnResult();

    assertThat(refused.getResponseHeaders().getFirst("Retry-After")).matches("[1-9][0-9]?");
    @SuppressWarnings("unchecked")
    var error = (java.util.Map<String, Object>) refused.getResponseBody().get("error");
    assertThat(error)
        .containsEntry("type", "rate_limit_error")
        .containsEntry("code", "rate_limited");
    assertThat((String) error.get("message")).contains("3 requests a minute");
  }

  @Test
  void aPipelineOnlyAnIssuedKeyMayUseIs403ToOthersAndAnyOtherNameIs404() {
    admin.issue(
        "{\"user\":\"agronomist\",\"sensors\":[\""
            + SENSOR
            + "\"],\"pipelines\":[\"orchard-advisor\"]}");
    String other = text(admin.issueUser("farmer", SENSOR), "key");

    assertThat(modelStatus(other, "orchard-advisor")).isEqualTo(403);
    assertThat(modelStatus(other, "no-such-pipeline")).isEqualTo(404);
  }

  private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec models(
      String key) {
    return gateway.http.get().uri("/v1/models").header("Authorization", "Bearer " + key).exchange();
  }

  private int modelStatus(String key, String model) {
    return gateway
        .http
        .get()
        .uri("/v1/models/" + model)
        .header("Authorization", "Bearer " + key)
        .exchange()
        .returnResult(String.class)
        .getStatus()
        .value();
  }

  @Test
  void eachKeyHasItsOwnCountAndAnUnknownKeyIsStill401() {
    String spent = text(admin.issueUser("counted", SENSOR), "key");
    for (int i = 0; i < 3; i++) {
      gateway.chatStatus(spent, SENSOR);
    }
    assertThat(gateway.chatStatus(spent, SENSOR)).isEqualTo(429);

    assertThat(gateway.chatStatus(text(admin.issueUser("counted", SENSOR), "key"), SENSOR))
        .isEqualTo(400);
    assertThat(gateway.chatStatus("not-a-key", SENSOR)).isEqualTo(401);
  }
}
