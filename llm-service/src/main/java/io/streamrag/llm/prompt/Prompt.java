package io.streamrag.llm.prompt;

import java.util.List;

/**
 * What the model is given, in order: the system message, the remembered turns of the conversation,
 * then the question.
 *
 * @param system tone, instructions and context (S1.7)
 * @param history earlier turns of the conversation, oldest first (S0.7); empty for a first message
 * @param user the question
 * @param language the question's language ({@code fa}, {@code ar} or {@code en}): the answer's
 * @param missing the parts of the question left without evidence (S3.5); the answer must say so
 */
public record Prompt(
    String system, List<Turn> history, String user, String language, List<String> missing) {

  public Prompt {
    history = List.copyOf(history);
    missing = List.copyOf(missing);
  }

  /** A prompt whose question has evidence for every part. */
  public Prompt(String system, List<Turn> history, String user, String language) {
    this(system, history, user, language, List.of());
  }

  /** A prompt without history. */
  public Prompt(String system, String user, String language) {
    this(system, List.of(), user, language);
  }

  /** One remembered exchange: what the user asked and what the assistant answered. */
  public record Turn(String question, String answer) {}
}
