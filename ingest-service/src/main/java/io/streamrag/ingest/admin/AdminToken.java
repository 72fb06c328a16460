package io.streamrag.ingest.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

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

  /** {@code 401} unless the token is admitted; else the (blocking) work, off the event loop. */
  Mono<ResponseEntity<?>> guard(String authorization, Supplier<ResponseEntity<?>> work) {
    if (!admits(authorization)) {
      return Mono.just(
          ResponseEntity.status(401)
              .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
              .body(
                  Map.of(
                      "error", "unauthorized",
                      "message", "send Authorization: Bearer <admin token>")));
    }
    return Mono.fromSupplier(work).subscribeOn(Schedulers.boundedElastic());
  }

  private static byte[] hash(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
