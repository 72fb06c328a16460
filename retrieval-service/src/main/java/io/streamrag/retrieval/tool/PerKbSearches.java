package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.RetrievalScope;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.core.task.AsyncTaskExecutor;

/**
 * Searches each knowledge base of a call on its own and all at once (S2.2): one KB that fails fails
 * alone, and one that is slow costs the call its own time, not the sum of all. The searches run on
 * a bounded executor; the call waits for all of them up to one deadline, and a KB not done by then
 * is failed and its search cancelled. Outcomes come in the order the KBs were asked.
 */
final class PerKbSearches {

  private final KbSearch search;
  private final AsyncTaskExecutor executor;
  private final Duration limit;

  /**
   * @param limit the longest a call waits for its KBs; each store search has its own, shorter limit
   *     ({@code GuardedChunkStore}), this one bounds queueing and reranking too
   */
  PerKbSearches(KbSearch search, AsyncTaskExecutor executor, Duration limit) {
    this.search = search;
    this.executor = executor;
    this.limit = limit;
  }

  List<KbOutcome> search(RetrievalScope chat, List<String> kbIds, String question, int topK) {
    KbSearch.Prepared prepared;
    try {
      prepared = search.prepare(chat, question, topK);
    } catch (RuntimeException e) {
      // an embedder that is down fails every KB alike; the reply still says which and why
      String reason = "the question could not be prepared: " + KbSearch.reason(e);
      return kbIds.stream().map(kb -> KbOutcome.failed(kb, reason)).toList();
    }
    var running = new LinkedHashMap<String, Future<KbOutcome>>();
    for (String kb : kbIds) {
      try {
        running.put(kb, executor.submit(() -> search.in(kb, prepared)));
      } catch (RejectedExecutionException e) {
        running.put(kb, null);
      }
    }
    long deadline = System.nanoTime() + limit.toNanos();
    return running.entrySet().stream().map(e -> await(e.getKey(), e.getValue(), deadline)).toList();
  }

  private KbOutcome await(String kb, Future<KbOutcome> running, long deadline) {
    if (running == null) {
      return KbOutcome.failed(
          kb, "the search did not start: too many searches at once, or the service is stopping");
    }
    try {
      return running.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      running.cancel(true);
      return KbOutcome.failed(kb, "no answer within " + limit.toMillis() + " ms");
    } catch (ExecutionException e) {
      return KbOutcome.failed(kb, KbSearch.reason(e.getCause()));
    } catch (InterruptedException e) {
      running.cancel(true);
      Thread.currentThread().interrupt();
      return KbOutcome.failed(kb, "interrupted while searching");
    }
  }
}
