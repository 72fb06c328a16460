package io.streamrag.retrieval.store;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A question's embedding for the dense leg: made already, still being made (beside the lexical leg,
 * which needs none), or none at all. A store asks for it only once its lexical leg is done, so the
 * embedding's few milliseconds overlap the lexical search instead of preceding it.
 *
 * <p>An embedding that failed is no embedding: the search goes on with its lexical leg alone and
 * the failure is logged, so a broken embedder degrades answers instead of failing every search
 * (S0.6), and is never counted as the store's failure.
 */
public final class QuestionVector {

  private static final Logger log = LoggerFactory.getLogger(QuestionVector.class);

  /** No dense leg. */
  public static final QuestionVector NONE =
      new QuestionVector(CompletableFuture.completedFuture(null));

  /** The longest a search waits for the question's embedding. */
  static final Duration LONGEST_WAIT = Duration.ofSeconds(10);

  private final CompletableFuture<float[]> vector;
  private volatile boolean logged;

  private QuestionVector(CompletableFuture<float[]> vector) {
    this.vector = vector;
  }

  /** An embedding made already; {@code null} for none. */
  public static QuestionVector of(float[] vector) {
    return vector == null ? NONE : new QuestionVector(CompletableFuture.completedFuture(vector));
  }

  /** An embedding still being made. */
  public static QuestionVector later(CompletableFuture<float[]> vector) {
    return new QuestionVector(vector);
  }

  /** Whether a dense leg was asked for (its embedding may still fail). */
  public boolean present() {
    return this != NONE;
  }

  /**
   * The embedding, waiting for it if it is still being made; {@code null} if none, failed, or not
   * made within {@link #LONGEST_WAIT} (far past the store's own search timeout, so a hung embedder
   * never holds a store's search thread for good). A failure is logged once per question.
   */
  public float[] get() {
    try {
      return vector.get(LONGEST_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | CancellationException | TimeoutException e) {
      if (!logged) {
        logged = true;
        log.warn("the question's embedding failed, searching without the dense leg", e);
      }
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
