package io.streamrag.kit.config;

import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A pipeline's prompt configuration until an administrator sets its own on {@code
 * pipeline.configs}: the instructions, the agentic instructions and the degraded-KB text from
 * {@code streamrag-prompts/}, six remembered turns within 1,500 tokens, mode {@code auto}, a budget
 * of four searches. llm-service answers with them; the admin API shows them as the starting point
 * of an edit.
 */
public final class PipelineDefaults {

  /** Earlier turns carried into the prompt: three exchanges each way covers most follow-ups. */
  public static final int MEMORY_MAX_TURNS = 6;

  /** Their token budget: a fraction of any current model's context, leaving room for passages. */
  public static final int MEMORY_MAX_TOKENS = 1500;

  /** Searches one question may make across its parts (S3.2). */
  public static final int SEARCH_BUDGET = 4;

  /** Agentic when the answering model can call tools, classic otherwise (S2.3). */
  public static final String MODE = "auto";

  /** What the model is told about the knowledge bases and the tool in agentic mode (S2.4). */
  public static final String AGENTIC_INSTRUCTIONS =
      read("streamrag-prompts/agentic-instructions.md");

  private static final String INSTRUCTIONS = read("streamrag-prompts/instructions.md");
  private static final String DEGRADED = read("streamrag-prompts/degraded-instructions.md");

  private PipelineDefaults() {}

  /** The default configuration of {@code pipeline}. */
  public static PipelineConfigured of(String pipeline) {
    return PipelineConfigured.newBuilder()
        .setPipeline(pipeline)
        .setInstructions(INSTRUCTIONS)
        .setDegradedInstructions(DEGRADED)
        .setMemoryMaxTurns(MEMORY_MAX_TURNS)
        .setMemoryMaxTokens(MEMORY_MAX_TOKENS)
        .setMode(MODE)
        .setAgenticInstructions(AGENTIC_INSTRUCTIONS)
        .setSearchBudget(SEARCH_BUDGET)
        .setUpdatedAt(Instant.EPOCH)
        .setUpdatedBy("defaults")
        .build();
  }

  private static String read(String resource) {
    try (InputStream in = PipelineDefaults.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from platform-kit");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
