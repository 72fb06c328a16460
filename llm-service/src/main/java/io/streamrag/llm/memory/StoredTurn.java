package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.RememberedTurn;

/** One answered turn as the store keeps it: whose it is, its pipeline, and the turn. */
public record StoredTurn(ConversationKey key, String pipeline, RememberedTurn turn) {}
