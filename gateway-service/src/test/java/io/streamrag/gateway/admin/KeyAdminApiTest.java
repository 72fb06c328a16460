package io.streamrag.gateway.admin;

import static io.streamrag.gateway.admin.GatewayReplica.SENSOR;
import static io.streamrag.gateway.admin.KeyAdminClient.JSON;
import static io.streamrag.gateway.admin.KeyAdminClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.testing.Problems;
import io.streamrag.kit.text.Sha256;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

/**
 * Who may call {@code /admin/keys} and what it shows, on a replica in the default profile; and the
 * demo keys, which only the demo profile has.
 */
class KeyAdminApiTest {

  static final String ADMIN = "api-admin-key";
  static final String DEMO_SENSOR = "550e8400-e29b-41d4-a716-446655440000";

  static GatewayReplica gateway;
  static KeyAdminClient admin;

  @BeforeAll
  static void start() {
    gateway = GatewayReplica.withAdmin(ADMIN);
    admin = gateway.admin(ADMIN);
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  @Test
  void theAdminApiIs401WithoutAKnownKeyAnd403ForAUserKey() {
    // given a user key and an issued admin key
    String user = text(admin.issueUser("farmer-b", SENSOR), "key");
    String issuedAdmin = text(admin.issue("{\"user\":\"ops\",\"role\":\"admin\"}"), "key");

    // then no key is 401, an unknown one too
    gateway
        .http
        .get()
        .uri("/admin/keys")
        .exchange()
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .valueEquals("WWW-Authenticate", "Bearer");
    gateway.admin("not-a-key").get("/admin/keys").expectStatus().isUnauthorized();
    // a user key is 403, whatever it asks
    Problems.refused(
        gateway.admin(user).get("/admin/keys"), HttpStatus.FORBIDDEN, "forbidden_role");
    gateway
        .admin(user)
        .post("/admin/keys", "{\"user\":\"mallory\",\"role\":\"admin\"}")
        .expectStatus()
        .isForbidden();
    // and an issued admin key may, as the bootstrap one does
    gateway.admin(issuedAdmin).get("/admin/keys").expectStatus().isOk();
  }

  @Test
  void theListShowsWhoAndWhatButNeverAKeyOrItsHash() {
    // given a key
    var issued =
        admin.issue(
            "{\"user\":\"farmer-c\",\"sensors\":[\""
                + SENSOR
                + "\"],\"pipelines\":[\"croplogic\",\"reference\"]}");
    String key = text(issued, "key");

    // when the keys are listed, and this one shown
    String list =
        admin
            .get("/admin/keys")
            .expectStatus()
            .isOk()
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    var shown =
        admin
            .get("/admin/keys/" + text(issued, "id"))
            .expectStatus()
            .isOk()
            .expectBody(JSON)
            .returnResult()
            .getResponseBody();

    // then it is there, but neither its key nor its hash
    assertThat(list)
        .contains(text(issued, "id"))
        .doesNotContain(key)
        .doesNotContain(Sha256.hex(key));
    assertThat(shown)
        .doesNotContainKey("key")
        .containsEntry("user", "farmer-c")
        .containsEntry("tenant", "farmer-c")
        .containsEntry("sensors", List.of(SENSOR))
        .containsEntry("pipelines", List.of("croplogic", "reference"))
        .containsKeys("created_at", "rotated_at", "revoked", "revoked_at");
  }

  @Test
  void badRequestsNameTheirFaultAndUnknownOrRevokedKeysCannotBeRotated() {
    admin
        .post("/admin/keys", "{\"user\":\"x\",\"sensor\":[\"" + SENSOR + "\"]}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("sensor");
    admin
        .post("/admin/keys", "{\"user\":\"x\"}")
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("sensors");
    admin
        .post("/admin/keys/no-such-key/rotate", "{}")
        .expectStatus()
        .isNotFound()
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("key_not_found");

    String id = text(admin.issueUser("farmer-d", SENSOR), "id");
    admin.revoke(id);
    admin
        .post("/admin/keys/" + id + "/rotate", "{}")
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("key_revoked");
    admin
        .post("/admin/keys/" + id + "/rotate", "{\"grace_seconds\":-1}")
        .expectStatus()
        .isBadRequest();
  }

  @Test
  void theDefaultProfileHasNoDemoKey() {
    assertThat(gateway.chatStatus("dev-farmer-key", DEMO_SENSOR)).isEqualTo(401);
    assertThat(gateway.chatStatus("dev-other-key", "6fa459ea-ee8a-3ca4-894e-db77e160355e"))
        .isEqualTo(401);
    gateway.admin("dev-admin-key").get("/admin/keys").expectStatus().isUnauthorized();
  }

  @Test
  void theDemoProfileHasTheDemoKeysAndTheDemoAdminKey() {
    try (var demo = GatewayReplica.start(LocalKafka.shared(), "demo")) {
      assertThat(demo.chatStatus("dev-farmer-key", DEMO_SENSOR)).isEqualTo(400);
      assertThat(demo.chatStatus("dev-other-key", "6fa459ea-ee8a-3ca4-894e-db77e160355e"))
          .isEqualTo(400);
      demo.admin("dev-admin-key").get("/admin/keys").expectStatus().isOk();
      demo.admin("dev-farmer-key").get("/admin/keys").expectStatus().isForbidden();
    }
  }
}
