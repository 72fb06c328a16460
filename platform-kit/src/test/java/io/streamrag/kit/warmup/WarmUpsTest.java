package io.streamrag.kit.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

class WarmUpsTest {

  static WarmUp counting(String name, AtomicInteger rounds) {
    return new WarmUp() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void round(int round) {
        rounds.incrementAndGet();
      }
    };
  }

  @Test
  void readinessWaitsUntilEveryWarmUpRanItsRounds() {
    var search = new AtomicInteger();
    var answer = new AtomicInteger();
    var warmUps =
        new WarmUps(
            List.of(counting("search", search), counting("answer", answer)),
            50,
            Duration.ofSeconds(30));
    assertThat(warmUps.health().getStatus()).isEqualTo(Status.OUT_OF_SERVICE);

    warmUps.run();

    assertThat(search).hasValue(50);
    assertThat(answer).hasValue(50);
    var health = warmUps.health();
    assertThat(health.getStatus()).isEqualTo(Status.UP);
    assertThat((String) health.getDetails().get("search")).startsWith("50 rounds in ");
  }

  @Test
  void aFailingWarmUpIsReportedAndDoesNotKeepTheServiceOutOfTraffic() {
    var after = new AtomicInteger();
    WarmUp broken =
        new WarmUp() {
          @Override
          public String name() {
            return "broken";
          }

          @Override
          public void round(int round) {
            throw new IllegalStateException("no index");
          }
        };
    var warmUps = new WarmUps(List.of(broken, counting("next", after)), 10, Duration.ofSeconds(30));

    warmUps.run();

    assertThat(warmUps.health().getStatus()).isEqualTo(Status.UP);
    assertThat((String) warmUps.health().getDetails().get("broken")).contains("no index");
    assertThat(after).hasValue(10);
  }

  @Test
  void aWarmUpWhoseInputNeverComesStopsAtTheLimit() {
    var rounds = new AtomicInteger();
    WarmUp waiting =
        new WarmUp() {
          @Override
          public String name() {
            return "waiting";
          }

          @Override
          public boolean canStart() {
            return false;
          }

          @Override
          public void round(int round) {
            rounds.incrementAndGet();
          }
        };
    var warmUps = new WarmUps(List.of(waiting), 10, Duration.ofMillis(300));

    warmUps.run();

    assertThat(rounds).hasValue(0);
    assertThat(warmUps.done()).isTrue();
  }

  @Test
  void noRoundsMeansReadyAtOnce() {
    var warmUps = new WarmUps(List.of(counting("x", new AtomicInteger())), 0, Duration.ZERO);
    assertThat(warmUps.health().getStatus()).isEqualTo(Status.UP);
  }
}
