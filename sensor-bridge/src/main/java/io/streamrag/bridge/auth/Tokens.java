package io.streamrag.bridge.auth;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Device tokens: generated with 256 random bits, stored only as their SHA-256 ({@link
 * io.streamrag.kit.text.Sha256}).
 */
public final class Tokens {

  private static final SecureRandom RANDOM = new SecureRandom();

  private Tokens() {}

  /** A new random token, URL-safe. */
  public static String generate() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
