package io.streamrag.llm.provider.openai;

/**
 * One endpoint's failure, classified for the chain: whether it counts against the endpoint's
 * circuit breaker, and when the endpoint asked to be called again.
 */
final class EndpointException extends RuntimeException {

  /** How the chain treats a failure. */
  enum Kind {
    /** HTTP 429: not a fault; wait for Retry-After. */
    RATE_LIMITED,
    /** The endpoint refused this request (400, 413, 422): another may take it; not a fault. */
    REJECTED,
    /** 5xx, other 4xx, timeouts, connection errors, malformed streams: a fault. */
    FAILED
  }

  private final Kind kind;
  private final String retryAfter;

  private EndpointException(Kind kind, String message, String retryAfter, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.retryAfter = retryAfter;
  }

  static EndpointException failed(String message, Throwable cause) {
    return new EndpointException(Kind.FAILED, message, null, cause);
  }

  /** A non-2xx answer, classified by its status. */
  static EndpointException status(int status, String detail, String retryAfter) {
    String message = "HTTP " + status + (detail.isBlank() ? "" : ": " + detail);
    Kind kind =
        switch (status) {
          case 429 -> Kind.RATE_LIMITED;
          case 400, 413, 422 -> Kind.REJECTED;
          default -> Kind.FAILED;
        };
    return new EndpointException(kind, message, retryAfter, null);
  }

  Kind kind() {
    return kind;
  }

  /** The raw {@code Retry-After} header of a 429, or {@code null}. */
  String retryAfter() {
    return retryAfter;
  }
}
