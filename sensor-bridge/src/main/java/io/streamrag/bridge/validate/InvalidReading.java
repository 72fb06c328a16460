package io.streamrag.bridge.validate;

/**
 * Why a payload was refused: an HTTP status, a stable code, the field at fault, a clear message.
 */
public final class InvalidReading extends RuntimeException {

  /** The kinds of refusal, each with the HTTP status it answers. */
  public enum Reason {
    MALFORMED(400),
    OUT_OF_RANGE(400),
    STALE(400),
    FUTURE(400),
    TOO_LARGE(413),
    UNAUTHENTICATED(401),
    FORBIDDEN_SENSOR(403),
    FORBIDDEN_STATION(403),
    UNKNOWN_STATION(404);

    private final int status;

    Reason(int status) {
      this.status = status;
    }

    public int status() {
      return status;
    }

    /** The code written in responses and on the rejects topic, e.g. {@code out_of_range}. */
    public String code() {
      return name().toLowerCase();
    }
  }

  private final Reason reason;
  private final String field;

  public InvalidReading(Reason reason, String field, String message) {
    super(message, null, false, false);
    this.reason = reason;
    this.field = field;
  }

  public Reason reason() {
    return reason;
  }

  /** The payload field at fault, or {@code null}. */
  public String field() {
    return field;
  }
}
