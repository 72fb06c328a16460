package io.streamrag.llm.provider.model;

/**
 * A call the model asks for.
 *
 * @param id the model's id for this call; the tool's result message quotes it
 * @param name the function's name
 * @param arguments the arguments as the model wrote them: JSON text, not checked against the schema
 */
public record ToolCall(String id, String name, String arguments) {}
