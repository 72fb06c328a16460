package io.streamrag.llm.advice;

import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.schemas.chat.Passage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model explains a computed recommendation, in the farmer's language, from its numbers and the
 * knowledge base's passages. It writes only the reason: the numbers were computed before it was
 * asked and nothing it says is read back into them. Without a model, or when it fails, the template
 * reason stands.
 */
public final class Explanation {

  private static final Logger log = LoggerFactory.getLogger(Explanation.class);
  private static final Map<String, String> LANGUAGES =
      Map.of("fa", "Persian", "ar", "Arabic", "en", "English");

  static final String INSTRUCTIONS =
      """
      You explain a recommendation to a farmer, in %s, in three to five short sentences. Its \
      numbers were computed from the farmer's sensor data with published agronomy (FAO-56 water \
      balance, soil-test thresholds); they are final. Quote them exactly as given, never change, \
      round or add a number, and never contradict the decision. Say what to do, then why, using \
      the numbered passages where they help (cite them like [1]). If inputs are missing, say which \
      and that no number could be computed.""";

  private final ChatModel model;

  /**
   * @param model the provider chain; null when no model is configured
   */
  public Explanation(ChatModel model) {
    this.model = model;
  }

  /** True when a model is configured to explain. */
  boolean available() {
    return model != null;
  }

  /**
   * The model's explanation, or empty: then the template reason is kept. Nothing waits for the
   * model: the recommendation is answered when its explanation arrives.
   */
  CompletableFuture<Optional<String>> of(
      String adviceJson, String question, String language, List<Passage> passages) {
    if (model == null) {
      return CompletableFuture.completedFuture(Optional.empty());
    }
    var content = new StringBuilder("Recommendation (JSON):\n").append(adviceJson).append('\n');
    if (question != null && !question.isBlank()) {
      content.append("\nThe farmer asked: ").append(question.strip()).append('\n');
    }
    for (int i = 0; i < passages.size(); i++) {
      content
          .append("\n[")
          .append(i + 1)
          .append("] ")
          .append(passages.get(i).getSource())
          .append('\n')
          .append(passages.get(i).getText().strip())
          .append('\n');
    }
    String system =
        String.format(INSTRUCTIONS, LANGUAGES.getOrDefault(language, "the farmer's language"));
    return model
        .complete(
            ModelRequest.of(
                List.of(ChatMessage.system(system), ChatMessage.user(content.toString()))),
            Cancellation.none())
        .handle(
            (reply, error) -> {
              if (error == null) {
                String text = reply.text().strip();
                return text.isEmpty() ? Optional.<String>empty() : Optional.of(text);
              }
              if (Futures.cause(error) instanceof ProviderException e) {
                log.info(
                    "no model could explain the recommendation ({}): the template reason stands",
                    e.getMessage());
                return Optional.<String>empty();
              }
              throw Futures.rethrow(Futures.cause(error));
            });
  }
}
