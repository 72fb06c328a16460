package io.streamrag.schemas;

/** How long the catalogue's topics keep what they hold. */
final class Retention {

  static final String HOUR_MS = "3600000";
  static final String DAY_MS = "86400000";
  static final String WEEK_MS = "604800000";
  static final String MONTH_MS = "2592000000";

  /**
   * The most a rejects or dead-letter partition keeps (256 MiB): what is kept for a month must not
   * be able to fill the broker's disk, whoever sends it; the oldest goes first.
   */
  static final String KEPT_BYTES_PER_PARTITION = "268435456";

  private Retention() {}
}
