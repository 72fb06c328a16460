package io.streamrag.retrieval.store.qdrant;

import com.google.common.util.concurrent.ListenableFuture;
import java.util.concurrent.ExecutionException;

/** Blocking on the client's futures, as the synchronous {@code ChunkStore} port requires. */
final class QdrantCalls {

  private QdrantCalls() {}

  /** The call's result; a failure becomes an unchecked exception naming what was attempted. */
  static <T> T await(ListenableFuture<T> call, String what) {
    try {
      return call.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new IllegalStateException("Qdrant: " + what + " failed: " + cause.getMessage(), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Qdrant: interrupted during " + what, e);
    }
  }
}
