package io.streamrag.llm.config;

import io.streamrag.kit.config.PipelineDefaults;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.util.Map;

/**
 * A pipeline's prompt configuration as one answer uses it.
 *
 * @param pipeline its name
 * @param instructions the system prompt's instructions, {@code {language}} not yet replaced
 * @param degradedInstructions told instead when the knowledge base is unavailable (S0.6)
 * @param memoryMaxTurns earlier turns carried into the prompt; 0 turns memory off
 * @param memoryMaxTokens the most tokens those turns may take
 * @param mode {@code classic}, {@code agentic} or {@code auto} (S2.3)
 * @param agenticInstructions what the model is told in agentic mode (S2.4)
 * @param searchBudget searches one question may make across its parts (S3.2)
 */
public record PipelineSettings(
    String pipeline,
    String instructions,
    String degradedInstructions,
    int memoryMaxTurns,
    int memoryMaxTokens,
    String mode,
    String agenticInstructions,
    int searchBudget) {

  /** Settings in auto mode with the default agentic instructions and budget. */
  public PipelineSettings(
      String pipeline,
      String instructions,
      String degradedInstructions,
      int memoryMaxTurns,
      int memoryMaxTokens) {
    this(
        pipeline,
        instructions,
        degradedInstructions,
        memoryMaxTurns,
        memoryMaxTokens,
        PipelineDefaults.MODE,
        PipelineDefaults.AGENTIC_INSTRUCTIONS,
        PipelineDefaults.SEARCH_BUDGET);
  }

  private static final Map<String, String> LANGUAGES =
      Map.of("fa", "Persian", "ar", "Arabic", "en", "English");

  public static PipelineSettings of(PipelineConfigured config) {
    return new PipelineSettings(
        config.getPipeline(),
        config.getInstructions(),
        config.getDegradedInstructions(),
        config.getMemoryMaxTurns(),
        config.getMemoryMaxTokens(),
        config.getMode(),
        config.getAgenticInstructions().isBlank()
            ? PipelineDefaults.AGENTIC_INSTRUCTIONS
            : config.getAgenticInstructions(),
        config.getSearchBudget());
  }

  /** The agentic instructions for a question in {@code language}. */
  public String agenticInstructionsFor(String language) {
    return agenticInstructions.replace(
        "{language}", LANGUAGES.getOrDefault(language, "the language of the question"));
  }

  /** The instructions for a question in {@code language} ({@code fa}, {@code ar}, {@code en}). */
  public String instructionsFor(String language, boolean degraded) {
    String name = LANGUAGES.getOrDefault(language, "the language of the question");
    return (degraded ? degradedInstructions : instructions).replace("{language}", name);
  }
}
