package io.streamrag.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.gateway.admission.ChatAdmission.Decision;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ChatAdmissionTest {

  /** What the other replicas and the answering instances reported, as a test sets it. */
  static final class Reported implements ChatAdmission.Elsewhere {
    final Map<String, Integer> byKey = new HashMap<>();
    int budget;

    @Override
    public int othersInFlight(String owner) {
      return byKey.getOrDefault(owner, 0);
    }

    @Override
    public int othersInFlight() {
      return byKey.values().stream().mapToInt(Integer::intValue).sum();
    }

    @Override
    public int answerBudget() {
      return budget;
    }
  }

  final Reported elsewhere = new Reported();
  final AtomicInteger reports = new AtomicInteger();
  final ChatAdmission admission =
      new ChatAdmission(3, Duration.ofSeconds(2), elsewhere, reports::incrementAndGet);

  @Test
  void aKeyAtItsLimitGets429WithRetryAfterWhileAnotherKeyIsAdmitted() {
    for (int i = 0; i < 3; i++) {
      assertThat(admission.admit("t/a")).isInstanceOf(Decision.Admitted.class);
    }

    var refused = (Decision.Refused) admission.admit("t/a");

    assertThat(refused.refusal().status()).isEqualTo(429);
    assertThat(refused.refusal().code()).isEqualTo("too_many_chats");
    assertThat(refused.refusal().retryAfterSeconds()).isEqualTo(2);
    assertThat(admission.admit("t/b")).isInstanceOf(Decision.Admitted.class);
  }

  @Test
  void theLimitCountsTheKeysChatsOnTheOtherReplicas() {
    elsewhere.byKey.put("t/a", 2);

    assertThat(admission.admit("t/a")).isInstanceOf(Decision.Admitted.class);
    assertThat(admission.admit("t/a")).isInstanceOf(Decision.Refused.class);
  }

  @Test
  void anEndedChatFreesItsPlaceOnceHoweverOftenItIsReleased() {
    var slots = new ChatAdmission.Slot[3];
    for (int i = 0; i < 3; i++) {
      slots[i] = ((Decision.Admitted) admission.admit("t/a")).slot();
    }

    slots[0].release();
    slots[0].release();

    assertThat(admission.inFlight()).isEqualTo(2);
    assertThat(admission.admit("t/a")).isInstanceOf(Decision.Admitted.class);
    assertThat(admission.admit("t/a")).isInstanceOf(Decision.Refused.class);
    assertThat(admission.report("me", Instant.EPOCH).getByKey()).isEqualTo(Map.of("t/a", 3));
  }

  @Test
  void whenEveryAnsweringInstanceIsFullTheClusterSays503AtOnce() {
    elsewhere.budget = 4;
    elsewhere.byKey.put("t/x", 3);
    assertThat(admission.admit("t/b")).isInstanceOf(Decision.Admitted.class);

    var refused = (Decision.Refused) admission.admit("t/c");

    assertThat(refused.refusal().status()).isEqualTo(503);
    assertThat(refused.refusal().code()).isEqualTo("busy");
    assertThat(refused.refusal().retryAfter()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void withoutAnyLoadReportOnlyTheKeyLimitApplies() {
    elsewhere.budget = 0;
    elsewhere.byKey.put("t/x", 500);

    assertThat(admission.admit("t/b")).isInstanceOf(Decision.Admitted.class);
  }

  @Test
  void eachAdmissionAndReleaseIsReported() {
    var slot = ((Decision.Admitted) admission.admit("t/a")).slot();
    slot.release();

    assertThat(reports.get()).isEqualTo(2);
    assertThat(admission.report("me", Instant.EPOCH).getByKey()).isEmpty();
    assertThat(admission.report("me", Instant.EPOCH).getInFlight()).isZero();
  }
}
