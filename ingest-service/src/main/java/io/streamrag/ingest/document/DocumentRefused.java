package io.streamrag.ingest.document;

import io.streamrag.kit.web.Problems;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/** An upload or a request about a document that is refused: a 4xx naming the problem. */
final class DocumentRefused extends RuntimeException {

  private final int status;
  private final String error;
  private final String field;

  DocumentRefused(int status, String error, String message) {
    this(status, error, message, null);
  }

  /** A refusal naming the input at fault, e.g. the multipart part {@code file}. */
  DocumentRefused(int status, String error, String message, String field) {
    super(message, null, false, false);
    this.status = status;
    this.error = error;
    this.field = field;
  }

  int status() {
    return status;
  }

  ResponseEntity<ProblemDetail> response() {
    return Problems.response(Problems.of(status, error, getMessage(), Problems.field(field)));
  }
}
