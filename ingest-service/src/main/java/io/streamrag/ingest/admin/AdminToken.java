package io.streamrag.ingest.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The operator's admin token, kept only as its SHA-256; empty turns the admin API off. */
record AdminToken(String sha256) {

  /** True when {@code authorization} is {@code Bearer <the admin token>}. */
  boolean admits(String authorization) {
    if (sha256 == null
        || sha256.isBlank()
        || authorization == null
        || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] given = hash(authorization.substring(7).trim());
    return MessageDigest.isEqual(given, HexFormat.of().parseHex(sha256));
  }

  private static byte[] hash(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
