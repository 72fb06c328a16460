package io.streamrag.gateway.admission;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerLoadReported;
import io.streamrag.schemas.chat.StreamLoadReported;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * What the other gateway replicas and the llm-service instances report about their load ({@code
 * gateway.load}, {@code llm.load}), as every replica sees it. A report older than {@code stale} is
 * from an instance that died without withdrawing it, and counts for nothing.
 */
public final class LoadView implements ChatAdmission.Elsewhere, AutoCloseable {

  private final TopicView<StreamLoadReported> gateways;
  private final TopicView<AnswerLoadReported> answerers;
  private final String self;
  private final Duration stale;
  private final Clock clock;

  /**
   * @param self this replica's instance id: its own report is left out, its live counts are used
   */
  public LoadView(TopicReaders readers, String self, Duration stale, Clock clock) {
    this.gateways =
        TopicView.follow(
            readers, ChatTopics.GATEWAY_LOAD.name(), StreamLoadReported.class, (k, v) -> {});
    this.answerers =
        TopicView.follow(
            readers, ChatTopics.LLM_LOAD.name(), AnswerLoadReported.class, (k, v) -> {});
    this.self = self;
    this.stale = stale;
    this.clock = clock;
  }

  /** The chats of this key in flight on the other replicas. */
  @Override
  public int othersInFlight(String owner) {
    Instant oldest = clock.instant().minus(stale);
    return gateways.values().stream()
        .filter(r -> !r.getInstance().equals(self) && r.getAt().isAfter(oldest))
        .mapToInt(r -> r.getByKey().getOrDefault(owner, 0))
        .sum();
  }

  /** Every chat in flight on the other replicas. */
  @Override
  public int othersInFlight() {
    Instant oldest = clock.instant().minus(stale);
    return gateways.values().stream()
        .filter(r -> !r.getInstance().equals(self) && r.getAt().isAfter(oldest))
        .mapToInt(StreamLoadReported::getInFlight)
        .sum();
  }

  /**
   * How many answers the llm-service instances heard from lately run at once at most, together; 0
   * when none reported (then the pipeline watch says whether anyone answers at all).
   */
  @Override
  public int answerBudget() {
    Instant oldest = clock.instant().minus(stale);
    return answerers.values().stream()
        .filter(r -> r.getAt().isAfter(oldest))
        .mapToInt(AnswerLoadReported::getBudget)
        .sum();
  }

  @Override
  public void close() {
    gateways.close();
    answerers.close();
  }
}
