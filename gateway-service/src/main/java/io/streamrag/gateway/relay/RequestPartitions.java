package io.streamrag.gateway.relay;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;

/**
 * The partition of {@code chat.answers} a request's events go to: its key (the request id) hashed
 * as the producer's default partitioner does, so the gateway knows it before anything is published.
 */
final class RequestPartitions {

  private RequestPartitions() {}

  static int of(String requestId, int partitions) {
    return Utils.toPositive(Utils.murmur2(requestId.getBytes(StandardCharsets.UTF_8))) % partitions;
  }
}
