package io.streamrag.gateway.admin;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;

/** New API keys and key ids, from a {@link SecureRandom}. */
final class SecretKeys {

  private final SecureRandom random = new SecureRandom();

  /** {@code sk-} and 32 random bytes in URL-safe base64 (256 bits), shown once and never kept. */
  String newKey() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return "sk-" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** A key id: names the key in the admin API and on {@code gateway.keys}; not a secret. */
  String newId() {
    return UUID.randomUUID().toString();
  }
}
