package io.streamrag.gateway.admin;

import static io.streamrag.gateway.admin.GatewayReplica.SENSOR;
import static io.streamrag.gateway.admin.KeyAdminClient.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.testing.Problems;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Requests without a valid key are limited per address, before any key is looked at: here three a
 * minute. The fourth is 429, and from then on the address waits, whatever key it sends.
 */
class AddressLimitTest {

  static final String ADMIN = "address-limit-admin-key";

  static GatewayReplica gateway;
  static String valid;

  @BeforeAll
  static void start() {
    gateway = GatewayReplica.withAdmin(ADMIN, "gateway.rate-limit.unauthenticated-per-minute=3");
    // issued before the address spends its tries (the admin key is valid: it does not count)
    valid = text(gateway.admin(ADMIN).issueUser("farmer-limited", SENSOR), "key");
  }

  @AfterAll
  static void stop() {
    gateway.close();
  }

  @Test
  void anAddressThatSpendsItsTriesWithoutAValidKeyWaitsWhateverItSendsNext() {
    // a valid key before: accepted (400: an empty message, the key went through)
    assertThat(gateway.chatStatus(valid, SENSOR)).isEqualTo(400);
    // three guesses are each 401
    for (int i = 0; i < 3; i++) {
      assertThat(gateway.chatStatus("sk-guess-" + i, SENSOR)).isEqualTo(401);
    }
    // the fourth is 429 with the time to wait and the reason
    Problems.rateLimited(
            gateway
                .http
                .post()
                .uri("/api/rag/chat")
                .header("Authorization", "Bearer sk-guess-3")
                .bodyValue("{}")
                .exchange())
        .jsonPath("$.message")
        .value(m -> assertThat(m.toString()).contains("without a valid API key"));
    // and now even a valid key from that address waits: it is not looked at
    assertThat(gateway.chatStatus(valid, SENSOR)).isEqualTo(429);
  }
}
