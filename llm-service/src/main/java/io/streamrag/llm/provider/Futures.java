package io.streamrag.llm.provider;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What asynchronous steps need to pass failures on as they were thrown. */
public final class Futures {

  private Futures() {}

  /** The failure itself, out of the wrappers a {@link CompletableFuture} stage puts around it. */
  public static Throwable cause(Throwable error) {
    Throwable e = error;
    while ((e instanceof CompletionException || e instanceof ExecutionException)
        && e.getCause() != null) {
      e = e.getCause();
    }
    return e;
  }

  /** The failure to throw from a stage so that the next one sees it unchanged. */
  public static RuntimeException rethrow(Throwable cause) {
    return cause instanceof RuntimeException r ? r : new CompletionException(cause);
  }

  /**
   * The result of a completed future, or its failure thrown unwrapped: for callers outside the
   * answer path that may wait (tools, benchmarks, tests).
   */
  public static <T> T await(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      throw rethrow(cause(e));
    }
  }
}
