package io.streamrag.kit.auth;

import io.streamrag.kit.text.Sha256;

/** The operator's admin token, kept only as its SHA-256; empty turns the admin API off. */
public record AdminToken(String sha256) {

  /** True when {@code authorization} is {@code Bearer <the admin token>}. */
  public boolean admits(String authorization) {
    String token = Bearer.token(authorization);
    return token != null && Sha256.sameHex(Sha256.hex(token), sha256);
  }
}
