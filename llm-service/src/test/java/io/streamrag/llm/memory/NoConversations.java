package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.RememberedTurn;
import io.streamrag.schemas.chat.TraceStep;
import java.util.List;
import java.util.Optional;

/** A store that holds nothing: a test overrides the one call it watches. */
class NoConversations implements ConversationStore {

  @Override
  public List<RememberedTurn> recent(ConversationKey key, int max) {
    return List.of();
  }

  @Override
  public List<RememberedTurn> all(ConversationKey key) {
    return List.of();
  }

  @Override
  public void save(StoredTurn turn) {}

  @Override
  public int erase(ConversationKey key) {
    return 0;
  }

  @Override
  public void saveTrace(StoredTrace trace) {}

  @Override
  public Optional<List<TraceStep>> trace(String requestId, String userId) {
    return Optional.empty();
  }
}
