package io.streamrag.llm.intake;

import io.streamrag.schemas.ChatTopics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/** Where llm-service's consumer group stands on chat.requests, read with the admin client. */
final class GroupOffsets {

  private GroupOffsets() {}

  /** The group's committed offset of each partition of chat.requests that has one. */
  static Map<TopicPartition, Long> committed(Admin admin) throws Exception {
    var out = new HashMap<TopicPartition, Long>();
    admin
        .listConsumerGroupOffsets("llm-answers")
        .partitionsToOffsetAndMetadata()
        .get()
        .forEach(
            (tp, o) -> {
              if (tp.topic().equals(ChatTopics.CHAT_REQUESTS.name()) && o != null) {
                out.put(tp, o.offset());
              }
            });
    return out;
  }

  /** How many requests of chat.requests lie past the group's committed offsets. */
  static long uncommitted(Admin admin) throws Exception {
    var committed = committed(admin);
    return ends(admin).entrySet().stream()
        .mapToLong(e -> e.getValue() - committed.getOrDefault(e.getKey(), 0L))
        .sum();
  }

  /** The end offset of each partition of chat.requests. */
  static Map<TopicPartition, Long> ends(Admin admin) throws Exception {
    var query = new HashMap<TopicPartition, OffsetSpec>();
    for (int p = 0; p < ChatTopics.CHAT_REQUESTS.partitions(); p++) {
      query.put(new TopicPartition(ChatTopics.CHAT_REQUESTS.name(), p), OffsetSpec.latest());
    }
    var out = new HashMap<TopicPartition, Long>();
    admin.listOffsets(query).all().get().forEach((tp, info) -> out.put(tp, info.offset()));
    return out;
  }
}
