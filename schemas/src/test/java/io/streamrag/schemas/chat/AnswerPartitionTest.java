package io.streamrag.schemas.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The answer partition a chat request names reads back as written, and nothing else reads. */
class AnswerPartitionTest {

  @Test
  void aNamedPartitionReadsBackFromItsHeaderAsBytesOrText() {
    var header = AnswerPartition.header(5);

    assertThat(header.key()).isEqualTo(AnswerPartition.HEADER);
    assertThat(AnswerPartition.read(header.value())).isEqualTo(OptionalInt.of(5));
    assertThat(AnswerPartition.read("5")).isEqualTo(OptionalInt.of(5));
  }

  @Test
  void anAbsentOrGarbledHeaderNamesNoPartition() {
    assertThat(AnswerPartition.read(null)).isEmpty();
    assertThat(AnswerPartition.read("".getBytes(StandardCharsets.US_ASCII))).isEmpty();
    assertThat(AnswerPartition.read("-1")).isEmpty();
    assertThat(AnswerPartition.read("3a")).isEmpty();
    assertThat(AnswerPartition.read("99999999999")).isEmpty();
    assertThat(AnswerPartition.read(new byte[] {0, 0, 0, 3})).isEmpty();
  }

  @Test
  void aNegativePartitionIsNeverNamed() {
    assertThatThrownBy(() -> AnswerPartition.header(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
