package io.streamrag.llm.rewrite;

import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.RememberedTurn;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Turns a follow-up into a question that stands alone, so retrieval finds what it is about: after
 * "How wet is my soil?", "and next week?" becomes a question about soil moisture next week.
 *
 * <p>Implementations: {@link KeyTermRewriter} (deterministic, no model), {@link ModelRewriter} (the
 * configured model rewrites, the deterministic rule standing in when it fails).
 */
public interface QueryRewriter {

  /**
   * The standalone form of {@code question}; the question itself when it already stands alone.
   *
   * @param history the conversation's earlier turns, oldest first; never empty
   * @param language the question's language ({@code fa}, {@code ar}, {@code en})
   * @param cancel closes a model call under way when the answer's caller leaves
   */
  CompletableFuture<String> standalone(
      String question, List<RememberedTurn> history, String language, Cancellation cancel);
}
