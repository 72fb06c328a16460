package io.streamrag.llm.rewrite;

import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.schemas.chat.RememberedTurn;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configured model rewrites the message in the light of the conversation: it catches what a
 * word rule cannot, such as "would drip irrigation reduce it on sandy soil?" where "it" is the
 * previous question's subject. When the model fails, or answers with something that is not a
 * question of reasonable length, the deterministic rule stands in: a rewrite never costs the
 * answer.
 */
public final class ModelRewriter implements QueryRewriter {

  private static final Logger log = LoggerFactory.getLogger(ModelRewriter.class);

  static final String INSTRUCTIONS =
      """
      You rewrite the last message of a conversation into a question that can be understood on \
      its own, for a search engine. Keep the language of the message (Persian, Arabic or \
      English) and every term it uses; add the subject it refers to from the conversation. If \
      the message already stands on its own, return it unchanged. Reply with the question only: \
      no quotes, no explanation.""";

  /** Earlier answers are cut to this many characters: the subject is in their opening. */
  private static final int ANSWER_CHARS = 300;

  private final ChatModel model;
  private final KeyTermRewriter fallback;

  public ModelRewriter(ChatModel model, KeyTermRewriter fallback) {
    this.model = model;
    this.fallback = fallback;
  }

  @Override
  public CompletableFuture<String> standalone(
      String question, List<RememberedTurn> history, String language, Cancellation cancel) {
    var conversation = new StringBuilder();
    for (RememberedTurn turn : history) {
      conversation.append("User: ").append(turn.getQuestion().strip()).append('\n');
      conversation.append("Assistant: ").append(cut(turn.getAnswer())).append('\n');
    }
    conversation.append("\nLast message: ").append(question.strip());
    var request =
        ModelRequest.of(
            List.of(ChatMessage.system(INSTRUCTIONS), ChatMessage.user(conversation.toString())));
    return model
        .complete(request, cancel)
        .handle(
            (reply, error) -> {
              if (error != null) {
                log.info(
                    "no model could rewrite the follow-up ({}); rules rewrite",
                    ProviderException.behind(error).getMessage());
                return fallback.standalone(question, history, language);
              }
              String rewritten = clean(reply.text());
              if (rewritten.isEmpty() || rewritten.length() > 4 * question.length() + 300) {
                log.info(
                    "the model's rewrite was unusable ({} chars); rules rewrite",
                    reply.text().length());
                return fallback.standalone(question, history, language);
              }
              return rewritten;
            });
  }

  /** The first line, without quotes a model may wrap it in. */
  static String clean(String reply) {
    String line = reply == null ? "" : reply.strip().lines().findFirst().orElse("").strip();
    return line.replaceAll("^[\"'«“]+|[\"'»”]+$", "").strip();
  }

  private static String cut(String answer) {
    String a = answer.strip().replaceAll("\\s+", " ");
    return a.length() <= ANSWER_CHARS ? a : a.substring(0, ANSWER_CHARS) + "…";
  }
}
