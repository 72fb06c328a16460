package io.streamrag.bridge;

import io.streamrag.bridge.BridgeSteps.Outcome;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of a poller: every target's payloads are fetched and handed to the steps one after
 * another. A target that cannot be fetched is logged and skipped, so one unreachable place does not
 * stop the round; an interrupt ends it.
 */
public final class PollRound {

  private static final Logger log = LoggerFactory.getLogger(PollRound.class);

  /** Fetches the payloads of one target. */
  @FunctionalInterface
  public interface Fetch<T> {
    List<byte[]> payloads(T target) throws Exception;
  }

  private PollRound() {}

  /**
   * @param what what is fetched, for the log: {@code forecast}, {@code observations}
   * @param name how the log names a target
   * @param handle hands one payload of a target to the steps
   * @return how many payloads the steps accepted
   */
  public static <T> int over(
      String what,
      Iterable<T> targets,
      Function<T, String> name,
      Fetch<T> fetch,
      BiFunction<T, byte[], CompletableFuture<Outcome>> handle) {
    int published = 0;
    for (T target : targets) {
      try {
        for (byte[] payload : fetch.payloads(target)) {
          if (handle.apply(target, payload).join() instanceof Outcome.Accepted) {
            published++;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return published;
      } catch (Exception e) {
        log.warn("no {} for {}: {}", what, name.apply(target), e.getMessage());
      }
    }
    return published;
  }
}
