package io.streamrag.llm.provider;

import io.streamrag.llm.prompt.Prompt;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.util.function.Consumer;

/**
 * Writes the answer, streaming it piece by piece.
 *
 * <p>Implementations: {@link ExtractiveProvider} (default: no model, quotes the context) and {@link
 * ModelAnswerProvider} (a chain of OpenAI-compatible endpoints, falling back to the extractive
 * provider when none can start an answer).
 */
public interface AnswerProvider {

  /** Short name shown to users in the {@code meta} event, e.g. {@code extractive}. */
  String name();

  /** The model behind it. */
  String model();

  /**
   * Streams the answer to {@code tokens}, returning once it is complete.
   *
   * @return the passages it cites, who answered and the tokens used
   * @throws ProviderException when the answer cannot be produced; {@link
   *     ProviderException#midStream()} tells whether part of it was already streamed
   */
  Answer answer(Prompt prompt, ContextRetrieved context, Consumer<String> tokens);
}
