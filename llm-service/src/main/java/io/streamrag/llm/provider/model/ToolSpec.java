package io.streamrag.llm.provider.model;

import tools.jackson.databind.JsonNode;

/**
 * A function the model may call.
 *
 * @param name e.g. {@code sensor_history}
 * @param description what it does, for the model to decide when to call it
 * @param parameters a JSON schema of its arguments (an {@code object} schema)
 */
public record ToolSpec(String name, String description, JsonNode parameters) {}
