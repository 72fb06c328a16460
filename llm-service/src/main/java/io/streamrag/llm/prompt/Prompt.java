package io.streamrag.llm.prompt;

/**
 * What the model is given.
 *
 * @param system tone, instructions and context (S1.7)
 * @param user the question
 */
public record Prompt(String system, String user) {}
