package io.streamrag.llm.memory;

/**
 * Whose conversation: its id together with the API key's user and the sensor that started it. Every
 * read and write of the store is scoped by all three, so a turn can only come back to its owner
 * even if an id were guessed.
 */
public record ConversationKey(String conversationId, String userId, String sensorUuid) {}
