package io.streamrag.gateway.admin;

import static io.streamrag.gateway.admin.GatewayReplica.SENSOR;
import static io.streamrag.gateway.admin.KeyAdminClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * API keys as data, against a real broker: two gateway replicas in the default profile follow
 * {@code gateway.keys}; keys are issued, rotated and revoked through the first and used on both. A
 * chat status of 400 ({@link GatewayReplica#chatStatus}) is a key that was accepted, 401 one that
 * was refused.
 */
class KeyLifecycleTest {

  static final String ADMIN = "lifecycle-admin-key";
  static final String OTHER_SENSOR = "7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

  static GatewayReplica first;
  static GatewayReplica second;
  static KeyAdminClient admin;

  @BeforeAll
  static void startTwoReplicas() {
    first = replica();
    second = replica();
    admin = first.admin(ADMIN);
  }

  @AfterAll
  static void stop() {
    second.close();
    first.close();
  }

  /** A replica in the default profile with a bootstrap admin key; rate limits out of the way. */
  static GatewayReplica replica() {
    return GatewayReplica.withAdmin(
        ADMIN,
        "gateway.rate-limit.requests-per-minute.user=100000",
        "gateway.rate-limit.requests-per-minute.admin=100000");
  }

  @Test
  void anIssuedKeyWorksOnEveryReplicaUntilItIsRotatedOrRevoked() {
    // given a key issued through the first replica
    var issued =
        admin.issue(
            "{\"user\":\"farmer-a\",\"tenant\":\"coop-1\",\"sensors\":[\"" + SENSOR + "\"]}");
    String id = text(issued, "id");
    String key = text(issued, "key");
    assertThat(key).startsWith("sk-").hasSize(46);
    assertThat(issued)
        .containsEntry("user", "farmer-a")
        .containsEntry("tenant", "coop-1")
        .containsEntry("role", "user")
        .containsEntry("pipelines", List.of())
        .containsEntry("revoked", false);

    // then it works on the first replica at once, on the second as soon as it has read it
    assertThat(first.chatStatus(key, SENSOR)).isEqualTo(400);
    assertThat(first.chatStatus(key, OTHER_SENSOR)).isEqualTo(403);
    second.awaitChatStatus(key, 400);

    // when it is rotated without grace: the old key is refused, the new one works
    String rotated = text(admin.rotate(id, "{}"), "key");
    assertThat(first.chatStatus(key, SENSOR)).isEqualTo(401);
    assertThat(first.chatStatus(rotated, SENSOR)).isEqualTo(400);
    second.awaitChatStatus(key, 401);
    second.awaitChatStatus(rotated, 400);

    // when it is rotated with a grace period: both the replaced key and the new one work
    var graced = admin.rotate(id, "{\"grace_seconds\":600}");
    String newest = text(graced, "key");
    assertThat(graced).containsKeys("rotated_at", "previous_valid_until");
    assertThat(first.chatStatus(rotated, SENSOR)).isEqualTo(400);
    assertThat(first.chatStatus(newest, SENSOR)).isEqualTo(400);
    second.awaitChatStatus(newest, 400);

    // when it is revoked: neither is accepted on any replica
    admin.revoke(id);
    assertThat(first.chatStatus(newest, SENSOR)).isEqualTo(401);
    assertThat(first.chatStatus(rotated, SENSOR)).isEqualTo(401);
    second.awaitChatStatus(newest, 401);
    second.awaitChatStatus(rotated, 401);
  }

  @Test
  void aKeyRevokedThroughOneReplicaIsRefusedByAnotherWithinASecond() {
    var fromCall = new ArrayList<Long>();
    var fromAnswer = new ArrayList<Long>();
    for (int i = 0; i < 5; i++) {
      // given a key the second replica accepts
      var issued = admin.issueUser("farmer-r" + i, SENSOR);
      String key = text(issued, "key");
      second.awaitChatStatus(key, 400);

      // when it is revoked through the first replica
      long called = System.nanoTime();
      admin.revoke(text(issued, "id"));
      long answered = System.nanoTime();

      // then the second refuses it: measured from the call, and from its answer
      second.awaitChatStatus(key, 401);
      long refused = System.nanoTime();
      fromCall.add((refused - called) / 1_000_000);
      fromAnswer.add((refused - answered) / 1_000_000);
    }
    System.out.printf(
        "revoke to 401 on another replica, 5 revocations: %s ms from the revoke call, %s ms"
            + " after its answer%n",
        fromCall, fromAnswer);
    assertThat(fromCall).allSatisfy(ms -> assertThat(ms).isLessThan(5_000));
  }

  @Test
  void keysSurviveARestart() {
    // given a key in use and a revoked one
    String kept = text(admin.issueUser("farmer-e", SENSOR), "key");
    var gone = admin.issueUser("farmer-f", SENSOR);
    admin.revoke(text(gone, "id"));

    // when a replica starts afresh, then it has read both before it serves
    try (var restarted = replica()) {
      assertThat(restarted.chatStatus(kept, SENSOR)).isEqualTo(400);
      assertThat(restarted.chatStatus(text(gone, "key"), SENSOR)).isEqualTo(401);
      restarted
          .admin(ADMIN)
          .get("/admin/keys/" + text(gone, "id"))
          .expectStatus()
          .isOk()
          .expectBody()
          .jsonPath("$.revoked")
          .isEqualTo(true);
    }
  }
}
