package io.streamrag.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What anyone can make the platform keep (refused payloads, dead letters) is bounded in bytes as
 * well as in time: a month of rejects must not fill the broker's disk.
 */
class KeptTopicsBoundedTest {

  @Test
  void everyRejectsAndDeadLetterTopicHasARetentionInBytes() {
    var kept =
        Topics.all().stream()
            .filter(t -> t.name().endsWith(".rejected") || t.name().startsWith("dlq."))
            .toList();
    assertThat(kept).hasSizeGreaterThan(5);
    assertThat(kept)
        .allSatisfy(
            t ->
                assertThat(t.topicConfig())
                    .as(t.name())
                    .containsEntry("retention.bytes", Retention.KEPT_BYTES_PER_PARTITION));
    assertThat(Long.parseLong(Retention.KEPT_BYTES_PER_PARTITION)).isLessThanOrEqualTo(1L << 30);
  }
}
