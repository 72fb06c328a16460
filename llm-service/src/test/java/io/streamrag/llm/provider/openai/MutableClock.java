package io.streamrag.llm.provider.openai;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock a test moves by hand: breakers' open waits and Retry-After pass without waiting. */
public final class MutableClock extends Clock {

  private volatile Instant now;

  public MutableClock() {
    this(Instant.parse("2026-11-29T10:00:00Z"));
  }

  public MutableClock(Instant start) {
    this.now = start;
  }

  /** Starting at the real time now. */
  public static MutableClock now() {
    return new MutableClock(Instant.now());
  }

  public void advance(Duration d) {
    now = now.plus(d);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
