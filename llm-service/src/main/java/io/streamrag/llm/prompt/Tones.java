package io.streamrag.llm.prompt;

import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The live tone of each knowledge base (S1.1), followed on the compacted KB-config topic: an
 * operator's change applies to the next message, without a restart (S0.3).
 */
public final class Tones implements AutoCloseable {

  private final TopicView<KnowledgeBaseConfigured> bases;

  /**
   * Reads the KB configurations to their end (or fails after {@code timeout}), then follows them.
   */
  public Tones(String bootstrapServers, Duration timeout) {
    this.bases =
        TopicView.follow(
                bootstrapServers,
                Topics.KB_CONFIGS.name(),
                KnowledgeBaseConfigured.class,
                (k, v) -> {})
            .caughtUpWithin(timeout);
  }

  /** The tones of the given KBs, in order, blank ones left out. */
  public String of(List<String> kbs) {
    return kbs.stream()
        .map(bases::get)
        .flatMap(Optional::stream)
        .map(KnowledgeBaseConfigured::getTone)
        .filter(t -> !t.isBlank())
        .distinct()
        .collect(Collectors.joining("\n\n"));
  }

  @Override
  public void close() {
    bases.close();
  }
}
