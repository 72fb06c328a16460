package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.RememberedTurn;
import java.util.List;

/**
 * Conversation memory (S0.7): the answered turns of each conversation, shared by every llm-service
 * replica and kept across restarts.
 *
 * <p>Implementation: {@link PostgresConversationStore} (any PostgreSQL; embedded binaries locally),
 * guarded by {@link GuardedConversationStore} so an outage costs no chat more than a moment.
 *
 * @throws MemoryUnavailable from every method when the store cannot be reached
 */
public interface ConversationStore {

  /** The newest {@code max} turns of a conversation, oldest first. */
  List<RememberedTurn> recent(ConversationKey key, int max);

  /** Every turn of a conversation, oldest first. */
  List<RememberedTurn> all(ConversationKey key);

  /** Keeps a turn; keeping the same request twice changes nothing. */
  void save(StoredTurn turn);

  /** Erases every turn of a conversation, and its answers' traces; returns how many turns. */
  int erase(ConversationKey key);

  /** Keeps an answer's retrieval path; keeping the same answer twice changes nothing. */
  void saveTrace(StoredTrace trace);

  /** The retrieval path of an answer the user asked for; empty when they asked no such answer. */
  java.util.Optional<List<io.streamrag.schemas.chat.TraceStep>> trace(
      String requestId, String userId);

  /** The store could not be read or written. */
  class MemoryUnavailable extends RuntimeException {
    public MemoryUnavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * The database answered and refused this one statement's data (a value it cannot hold): the
   * statement's fault, not the database's, so it says nothing about whether memory is up.
   */
  final class RecordRefused extends MemoryUnavailable {
    public RecordRefused(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
