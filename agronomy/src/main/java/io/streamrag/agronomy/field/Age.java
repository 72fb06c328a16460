package io.streamrag.agronomy.field;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How old a reading is when a recommendation is computed.
 *
 * @param age null when the reading has no time; never negative (a clock ahead of ours is "now")
 */
public record Age(Duration age) {

  public static Age of(Instant measuredAt, Clock clock) {
    if (measuredAt == null) {
      return new Age(null);
    }
    Duration age = Duration.between(measuredAt, clock.instant());
    return new Age(age.isNegative() ? Duration.ZERO : age);
  }

  /** True only for a known age above {@code limit}. */
  public boolean olderThan(Duration limit) {
    return age != null && age.compareTo(limit) > 0;
  }

  /** Hours to 0.1, or null. */
  public Double hours() {
    return age == null ? null : Math.round(age.toMinutes() / 6.0) / 10.0;
  }

  /** Days to 0.1, or null. */
  public Double days() {
    return age == null ? null : Math.round(age.toMinutes() / 144.0) / 10.0;
  }
}
