package io.streamrag.gateway.web;

import io.streamrag.kit.guard.Refusal;

/** Thrown while admitting a request that is not answered; {@link Refusals} turns it into HTTP. */
public final class Refused extends RuntimeException {

  private final transient Refusal refusal;

  public Refused(Refusal refusal) {
    super(refusal.message(), null, false, false);
    this.refusal = refusal;
  }

  public Refused(int status, String code, String message, String field) {
    this(new Refusal(status, code, message, field));
  }

  public Refusal refusal() {
    return refusal;
  }
}
