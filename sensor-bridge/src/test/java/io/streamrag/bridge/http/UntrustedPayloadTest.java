package io.streamrag.bridge.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.bridge.BridgeIntegrationTest;
import io.streamrag.kit.text.Sha256;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Rejects are kept for weeks, so what a sender without a token, or with a body larger than any
 * reading, can make the bridge keep is its size, hash and first 64 bytes: never the body.
 */
class UntrustedPayloadTest extends BridgeIntegrationTest {

  @Test
  void twentyUnauthenticatedBodiesAreKeptAsSizeHashAndPrefixOnly() {
    // given twenty bodies of 4,000 bytes (just under the limit) without a valid token
    var sent = new HashSet<String>();
    for (int i = 0; i < 20; i++) {
      String body =
          padded("{\"ts\":\"" + Instant.now() + "\",\"note\":\"" + UUID.randomUUID(), 4000);
      send("POST", "/api/sensors/" + SENSOR + "/readings", "not-a-device", body)
          .expectStatus()
          .isUnauthorized();
      sent.add(Sha256.hex(body.getBytes(StandardCharsets.UTF_8)));
    }
    // then each is counted as a reject that keeps 64 bytes, its size and its hash
    for (String sha : sent) {
      var reject = awaitReject(r -> sha.equals(r.getRawSha256()));
      assertThat(reject.getReasonCode()).isEqualTo("unauthenticated");
      assertThat(reject.getRaw().remaining()).isEqualTo(64);
      assertThat(reject.getRawSize()).isEqualTo(4000L);
    }
  }

  @Test
  void anOversizedBodyIsReadOnlyToTheLimitAndKeptAsSizeHashAndPrefix() {
    // given a device's body of 60 KB, the limit being 4,096 bytes
    String marker = UUID.randomUUID().toString();
    String body = padded("{\"note\":\"" + marker, 60_000);

    send("POST", "/api/sensors/" + SENSOR + "/readings", DEVICE_TOKEN, body)
        .expectStatus()
        .isEqualTo(413)
        .expectBody()
        .jsonPath("$.error")
        .isEqualTo("too_large");

    // then the reject keeps its first 64 bytes and the size and hash of what was read, no more
    var reject =
        awaitReject(
            r ->
                r.getReasonCode().equals("too_large")
                    && StandardCharsets.UTF_8
                        .decode(r.getRaw().duplicate())
                        .toString()
                        .contains(marker));
    assertThat(reject.getRaw().remaining()).isEqualTo(64);
    assertThat(reject.getRawSize()).isEqualTo(4097L);
    assertThat(reject.getRawSha256())
        .isEqualTo(Sha256.hex(body.substring(0, 4097).getBytes(StandardCharsets.UTF_8)));
    assertThat(reject.getDeviceId()).isEqualTo("field-7");
  }

  @Test
  void anAuthenticatedInvalidBodyIsStillKeptWholeForItsReplay() {
    String body =
        "{\"ts\":\"" + Instant.now() + "\",\"ph\":99,\"n\":\"" + UUID.randomUUID() + "\"}";
    send("POST", "/api/sensors/" + SENSOR + "/readings", DEVICE_TOKEN, body)
        .expectStatus()
        .isBadRequest();
    var reject =
        awaitReject(
            r -> StandardCharsets.UTF_8.decode(r.getRaw().duplicate()).toString().equals(body));
    assertThat(reject.getRawSha256()).isNull();
    assertThat(reject.getRawSize()).isNull();
  }

  private static String padded(String start, int length) {
    return start + "x".repeat(length - start.length() - 2) + "\"}";
  }
}
