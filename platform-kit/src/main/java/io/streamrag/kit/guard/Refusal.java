package io.streamrag.kit.guard;

import java.time.Duration;

/**
 * Why a request is not answered: an HTTP status, a stable code, a message for the caller, the field
 * at fault if any, and, for a refusal that passes (a busy key or a full cluster), how long to wait
 * before asking again ({@code Retry-After}).
 */
public record Refusal(int status, String code, String message, String field, Duration retryAfter) {

  public Refusal(int status, String code, String message, String field) {
    this(status, code, message, field, null);
  }

  public Refusal(int status, String code, String message) {
    this(status, code, message, null, null);
  }

  /** Whole seconds to wait, rounded up: a client that waits that long may be admitted. */
  public long retryAfterSeconds() {
    return retryAfter == null
        ? 0
        : Math.max(1, (retryAfter.toNanos() + 999_999_999L) / 1_000_000_000L);
  }
}
