package io.streamrag.llm.cancel;

import io.streamrag.kit.kafka.FollowFrom;
import io.streamrag.kit.kafka.TopicFollow;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ChatStreamChanged;
import io.streamrag.schemas.chat.StreamChange;

/**
 * Follows {@code chat.streams} on every replica, from its end: a {@code CANCELLED} stops the answer
 * wherever it runs ({@link Cancellations}). Opened and resumed streams are the gateway's business.
 * An unreadable record is logged and skipped (a view's failure policy): every replica reads it.
 */
public final class CancelFeed implements AutoCloseable {

  private final TopicFollow<ChatStreamChanged> follow;

  public CancelFeed(TopicReaders readers, Cancellations cancellations) {
    this.follow =
        TopicFollow.of(readers, ChatTopics.CHAT_STREAMS.name(), ChatStreamChanged.class)
            .named("llm-cancels")
            .from(FollowFrom.end())
            .start(
                record -> {
                  var change = record.value();
                  if (change != null && change.getChange() == StreamChange.CANCELLED) {
                    cancellations.cancel(change.getRequestId());
                  }
                });
  }

  /** True while the topic is being read. */
  public boolean isRunning() {
    return follow.isRunning();
  }

  @Override
  public void close() {
    follow.close();
  }
}
