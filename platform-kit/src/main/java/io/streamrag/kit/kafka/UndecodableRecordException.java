package io.streamrag.kit.kafka;

/**
 * A consumed record that is not the platform record its topic carries. Never retried: the binding
 * sends the original bytes to its dead-letter topic with this message in the headers.
 */
public final class UndecodableRecordException extends RuntimeException {

  public UndecodableRecordException(String message, Throwable cause) {
    super(message, cause);
  }
}
