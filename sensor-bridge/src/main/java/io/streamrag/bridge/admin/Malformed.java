package io.streamrag.bridge.admin;

import io.streamrag.kit.web.Problems;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** A body the admin API refuses with 400 {@code malformed}, naming the field at fault. */
final class Malformed extends RuntimeException {

  private final String field;

  Malformed(String field, String message) {
    super(message, null, false, false);
    this.field = field;
  }

  ResponseEntity<ProblemDetail> response() {
    return Problems.response(Problems.of(400, "malformed", getMessage(), Problems.field(field)));
  }

  /** Answers a {@link Malformed} thrown by an admin controller. */
  @RestControllerAdvice(
      assignableTypes = {DeviceAdminController.class, RejectAdminController.class})
  static class Answer {

    @ExceptionHandler(Malformed.class)
    ResponseEntity<ProblemDetail> malformed(Malformed malformed) {
      return malformed.response();
    }
  }
}
