package io.streamrag.ingest.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SensorLocksTest {

  private final SensorLocks locks = new SensorLocks();

  @Test
  void twoPollsHoldingTheSameSensorsInOppositeOrdersNeverDeadlock() throws Exception {
    var sensors = new ArrayList<String>();
    for (int i = 0; i < 300; i++) {
      sensors.add("sensor-" + i);
    }
    var reversed = new ArrayList<>(sensors);
    Collections.reverse(reversed);
    var rounds = new AtomicInteger();
    var a = new Thread(() -> repeat(sensors, rounds));
    var b = new Thread(() -> repeat(reversed, rounds));
    a.start();
    b.start();
    a.join(TimeUnit.SECONDS.toMillis(20));
    b.join(TimeUnit.SECONDS.toMillis(20));

    assertThat(a.isAlive() || b.isAlive()).as("deadlocked").isFalse();
    assertThat(rounds.get()).isEqualTo(400);
  }

  @Test
  void aSensorHeldByOnePollIsNotChangedByAnotherUntilItsDone() throws Exception {
    var holding = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    var inside = new AtomicBoolean();
    var overlap = new AtomicBoolean();
    var first =
        new Thread(
            () ->
                locks.whileHolding(
                    List.of("s-1", "s-2"),
                    () -> {
                      inside.set(true);
                      holding.countDown();
                      await(release);
                      inside.set(false);
                    }));
    first.start();
    holding.await();
    var second =
        new Thread(() -> locks.whileHolding(List.of("s-2"), () -> overlap.set(inside.get())));
    second.start();
    second.join(200);
    assertThat(second.isAlive()).as("waits for the first poll").isTrue();
    release.countDown();
    second.join(5_000);
    first.join(5_000);
    assertThat(overlap).isFalse();
  }

  private void repeat(List<String> sensors, AtomicInteger rounds) {
    for (int i = 0; i < 200; i++) {
      locks.whileHolding(sensors, rounds::incrementAndGet);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
