package io.streamrag.llm.provider;

/** A provider could not produce an answer; the message is safe to show to the user. */
public final class ProviderException extends RuntimeException {

  public ProviderException(String message, Throwable cause) {
    super(message, cause);
  }
}
