package io.streamrag.kit.embedding;

/**
 * An embedding provider could not turn texts into vectors: unreachable, an error answer, or an
 * answer that does not fit the model it announced. The message says which provider and why.
 */
public class EmbeddingException extends RuntimeException {

  public EmbeddingException(String message) {
    super(message);
  }

  public EmbeddingException(String message, Throwable cause) {
    super(message, cause);
  }
}
