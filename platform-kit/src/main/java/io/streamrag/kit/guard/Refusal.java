package io.streamrag.kit.guard;

/** Why a request is not answered: an HTTP status, a stable code, a message for the caller. */
public record Refusal(int status, String code, String message, String field) {

  public Refusal(int status, String code, String message) {
    this(status, code, message, null);
  }
}
