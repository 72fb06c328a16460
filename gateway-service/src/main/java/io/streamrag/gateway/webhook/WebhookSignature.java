package io.streamrag.gateway.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code X-Streamrag-Signature} of a delivery: {@code sha256=} and the lowercase hex
 * HMAC-SHA256, under the key's secret, of the {@code X-Streamrag-Timestamp} value (Unix seconds), a
 * period, and the exact body bytes. The timestamp is signed so a captured delivery cannot be
 * replayed later: receivers refuse one older than a few minutes.
 */
final class WebhookSignature {

  private WebhookSignature() {}

  static String sign(byte[] secret, long timestamp, byte[] body) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
      return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
