package io.streamrag.llm.stream;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock the test moves by hand, so that which token comes "after the linger" is exact. The
 * scheduler runs on real time: a clock that starts an hour ahead keeps it from sending a held group
 * however slowly the test runs (a loaded CI machine once took longer than the linger).
 */
final class HandClock extends Clock {
  Instant now;

  HandClock() {
    this(Duration.ZERO);
  }

  HandClock(Duration ahead) {
    now = Instant.now().plus(ahead);
  }

  /** A clock whose deadlines the real-time scheduler does not reach during a test. */
  static HandClock aheadOfTheScheduler() {
    return new HandClock(Duration.ofHours(1));
  }

  @Override
  public Instant instant() {
    return now;
  }

  void advance(Duration d) {
    now = now.plus(d);
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
