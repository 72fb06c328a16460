package io.streamrag.llm.memory;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The conversation store behind a circuit breaker: while the database is down, calls fail at once
 * instead of each waiting for a connection timeout, so an outage costs chats no time; a trial call
 * after {@code openFor} finds out whether it is back. A statement whose data the database refuses
 * ({@link ConversationStore.RecordRefused}) is not counted.
 */
public final class GuardedConversationStore implements ConversationStore {

  private final ConversationStore store;
  private final CircuitBreaker breaker;

  public GuardedConversationStore(ConversationStore store, Duration openFor) {
    this.store = store;
    this.breaker =
        CircuitBreaker.of(
            "conversation-store",
            CircuitBreakerConfig.custom()
                .slidingWindowSize(4)
                .minimumNumberOfCalls(2)
                .failureRateThreshold(50)
                .waitDurationInOpenState(openFor)
                .permittedNumberOfCallsInHalfOpenState(1)
                .recordExceptions(MemoryUnavailable.class)
                // one statement's bad data is no outage: a hostile message must not switch memory
                // off for everyone
                .ignoreExceptions(RecordRefused.class)
                .build());
  }

  /** {@code CLOSED} when the store answers; {@code OPEN} while it is skipped. */
  public String state() {
    return breaker.getState().name();
  }

  @Override
  public List<RememberedTurn> recent(ConversationKey key, int max) {
    return guarded(() -> store.recent(key, max));
  }

  @Override
  public List<RememberedTurn> all(ConversationKey key) {
    return guarded(() -> store.all(key));
  }

  @Override
  public void save(StoredTurn turn) {
    guarded(
        () -> {
          store.save(turn);
          return null;
        });
  }

  @Override
  public int erase(ConversationKey key) {
    return guarded(() -> store.erase(key));
  }

  @Override
  public void saveTrace(StoredTrace trace) {
    guarded(
        () -> {
          store.saveTrace(trace);
          return null;
        });
  }

  @Override
  public java.util.Optional<List<io.streamrag.schemas.chat.TraceStep>> trace(
      String requestId, String userId) {
    return guarded(() -> store.trace(requestId, userId));
  }

  private <T> T guarded(Supplier<T> call) {
    try {
      return breaker.executeSupplier(call);
    } catch (CallNotPermittedException e) {
      throw new MemoryUnavailable(
          "the conversation database is failing; memory is skipped until it answers again", e);
    }
  }
}
