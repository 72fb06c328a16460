package io.streamrag.llm.rewrite;

import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import java.util.concurrent.CompletableFuture;

/**
 * Pre-run step 5: a follow-up becomes a standalone query before retrieval (S0.7); a first message
 * is searched as it is.
 */
public final class FollowUpRewrite implements PreRunStep {

  private final QueryRewriter rewriter;

  public FollowUpRewrite(QueryRewriter rewriter) {
    this.rewriter = rewriter;
  }

  @Override
  public CompletableFuture<Preparation> apply(Preparation preparation) {
    var turns = preparation.recall().turns();
    if (turns.isEmpty()) {
      return CompletableFuture.completedFuture(preparation);
    }
    var request = preparation.request();
    return rewriter
        .standalone(request.getMessage(), turns, request.getLanguage(), preparation.cancel())
        .thenApply(
            query ->
                preparation.withQuery(
                    query == null || query.isBlank() ? request.getMessage() : query));
  }
}
