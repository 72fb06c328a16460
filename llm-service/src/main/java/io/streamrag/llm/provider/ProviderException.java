package io.streamrag.llm.provider;

import java.util.List;

/**
 * A provider could not produce an answer; the message is safe to show to the user.
 *
 * <p>{@link #midStream()} tells whether part of the answer had already reached the user: then
 * nothing may take over (the user would read two answers glued together) and what was sent stays.
 * {@link #failures()} lists every provider that was tried or skipped, in order.
 */
public final class ProviderException extends RuntimeException {

  private final boolean midStream;
  private final List<ProviderFailure> failures;

  public ProviderException(String message, Throwable cause) {
    this(message, cause, false, List.of());
  }

  private ProviderException(
      String message, Throwable cause, boolean midStream, List<ProviderFailure> failures) {
    super(message, cause);
    this.midStream = midStream;
    this.failures = List.copyOf(failures);
  }

  /** The answer broke off after its first token had been delivered. */
  public static ProviderException midStream(
      String message, Throwable cause, List<ProviderFailure> failures) {
    return new ProviderException(message, cause, true, failures);
  }

  /**
   * The providers' failure behind a future's {@code error}, for a caller that falls back on its
   * rules when no model answers; any other failure, such as a cancel, is rethrown.
   */
  public static ProviderException behind(Throwable error) {
    Throwable cause = Futures.cause(error);
    if (cause instanceof ProviderException failed) {
      return failed;
    }
    throw Futures.rethrow(cause);
  }

  /** No provider could start an answer; nothing was delivered. */
  public static ProviderException noneAnswered(String message, List<ProviderFailure> failures) {
    return new ProviderException(message, null, false, failures);
  }

  /** True when part of the answer had already been delivered. */
  public boolean midStream() {
    return midStream;
  }

  /** The providers that failed or were skipped, in the order they were tried. */
  public List<ProviderFailure> failures() {
    return failures;
  }
}
