package io.streamrag.schemas.chat;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * The partition of {@code chat.answers} a chat request's answer goes to, named by the gateway
 * replica that holds the caller's stream: one of the partitions it reads. It travels as a header of
 * the {@code chat.requests} record, as spring-kafka's request/reply names its reply partition
 * ({@code KafkaHeaders.REPLY_PARTITION}), so the request's schema, and the schemas that embed it,
 * do not change. llm-service writes every event of the answer there, whichever instance answers; a
 * request without the header (a gateway that reads no partition, or one older than the header) is
 * answered on the partition its request id hashes to.
 */
public final class AnswerPartition {

  /** The header's name; its value is the partition number in decimal ASCII. */
  public static final String HEADER = "streamrag-answer-partition";

  private AnswerPartition() {}

  /** The header naming {@code partition}. */
  public static Header header(int partition) {
    if (partition < 0) {
      throw new IllegalArgumentException("a partition is never negative: " + partition);
    }
    return new RecordHeader(HEADER, Integer.toString(partition).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The partition a header value names: raw bytes as written, or the text a header mapper made of
   * them. Empty when absent or not a partition number, so the answer goes where its key hashes.
   */
  public static OptionalInt read(Object value) {
    String text =
        value instanceof byte[] bytes
            ? new String(bytes, StandardCharsets.US_ASCII)
            : value instanceof String s ? s : null;
    if (text == null
        || text.isEmpty()
        || text.length() > 9
        || !text.chars().allMatch(Character::isDigit)) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(Integer.parseInt(text));
  }
}
