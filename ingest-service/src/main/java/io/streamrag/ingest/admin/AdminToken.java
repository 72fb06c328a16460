package io.streamrag.ingest.admin;

import io.streamrag.kit.auth.Bearer;
import io.streamrag.kit.text.Sha256;
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
    String token = Bearer.token(authorization);
    return token != null && Sha256.sameHex(Sha256.hex(token), sha256);
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
}
