package io.streamrag.llm.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.llm.provider.openai.MutableClock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The agronomy tables as the KB configs' view holds them: a table published a moment ago, not yet
 * read by the view, is waited for rather than reported missing (a snapshot advised on without its
 * tables is not advised on again); a deployment without tables is not made to wait on every one.
 */
class AgronomyTablesTest {

  final MutableClock clock = MutableClock.now();
  final AtomicReference<Map<String, String>> view = new AtomicReference<>(Map.of());
  final AtomicInteger catchUps = new AtomicInteger();

  @Test
  void tablesPublishedButNotYetReadAreWaitedForAndUsed() {
    // Given tables on the topic that the view has not read yet
    var tables =
        tables(
            () -> {
              catchUps.incrementAndGet();
              view.set(AdviceOnBroker.demoTables());
              return true;
            });

    // Then the agronomy is built from them, after one catch-up
    assertThat(tables.current()).isNotNull();
    assertThat(catchUps).hasValue(1);
  }

  @Test
  void withoutTablesTheViewIsCaughtUpAtMostEveryFewSeconds() {
    // Given a deployment whose knowledge bases carry no agronomy tables
    var tables = tables(() -> catchUps.incrementAndGet() > 0);

    // Then each snapshot hears why, but only the first waits for the view
    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(tables::current)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("not published yet");
    }
    assertThat(catchUps).hasValue(1);
    // and once the interval has passed, the view is asked again
    clock.advance(AgronomyTables.CATCH_UP_EVERY.plusSeconds(1));
    assertThatThrownBy(tables::current).isInstanceOf(IllegalStateException.class);
    assertThat(catchUps).hasValue(2);
  }

  private AgronomyTables tables(java.util.function.BooleanSupplier catchUp) {
    return new AgronomyTables(view::get, catchUp, clock, Duration.ofHours(24), Duration.ofDays(7));
  }
}
