package io.streamrag.gateway.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

  @Test
  void theSignatureIsTheHmacOfTimestampPeriodAndBodyAsOpensslComputesIt() {
    // printf '1700000000.{"alert_id":"a-1"}' | openssl dgst -sha256 -hmac 'webhook-secret'
    assertThat(
            WebhookSignature.sign(
                "webhook-secret".getBytes(StandardCharsets.UTF_8),
                1_700_000_000L,
                "{\"alert_id\":\"a-1\"}".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("sha256=8ca0486cc94b26afc36b0ae70729a457087abdb8c2c7474e219de8fe6757d4a3");
  }

  @Test
  void anotherTimestampGivesAnotherSignature() {
    byte[] secret = "webhook-secret".getBytes(StandardCharsets.UTF_8);
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);

    assertThat(WebhookSignature.sign(secret, 1L, body))
        .isNotEqualTo(WebhookSignature.sign(secret, 2L, body));
  }
}
