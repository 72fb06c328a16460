package io.streamrag.kit.auth;

import io.streamrag.kit.text.Sha256;
import io.streamrag.kit.web.Problems;
import java.util.function.Supplier;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** The operator's admin token, kept only as its SHA-256; empty turns the admin API off. */
public record AdminToken(String sha256) {

  /** True when {@code authorization} is {@code Bearer <the admin token>}. */
  public boolean admits(String authorization) {
    String token = Bearer.token(authorization);
    return token != null && Sha256.sameHex(Sha256.hex(token), sha256);
  }

  /** {@code 401} unless the token is admitted; else the (blocking) work, off the event loop. */
  public Mono<ResponseEntity<?>> guard(String authorization, Supplier<ResponseEntity<?>> work) {
    if (!admits(authorization)) {
      return Mono.just(
          Problems.response(
              Problems.of(401, "unauthorized", "send Authorization: Bearer <admin token>")));
    }
    return Mono.fromSupplier(work).subscribeOn(Schedulers.boundedElastic());
  }
}
