package io.streamrag.llm.intake;

import io.streamrag.kit.kafka.TopicReaders;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Pauses and resumes the container of the chat requests binding (found among the containers
 * platform-kit watches, by its consumer group): paused, it keeps polling (and stays in its group)
 * but fetches nothing. Both are flags the consumer's own thread applies at its next poll, so any
 * thread may call them.
 */
public final class BindingFetching implements AnswerBudget.Fetching {

  private final TopicReaders readers;
  private final String group;
  private volatile MessageListenerContainer container;

  public BindingFetching(TopicReaders readers, String group) {
    this.readers = readers;
    this.group = group;
  }

  @Override
  public void pause() {
    container().pause();
  }

  @Override
  public void resume() {
    container().resume();
  }

  /** The consumer has paused: the records of its last poll were handed to the listener. */
  @Override
  public boolean stopped() {
    return container().isContainerPaused();
  }

  private MessageListenerContainer container() {
    var found = container;
    if (found == null) {
      found =
          readers.containers().stream()
              .filter(c -> group.equals(c.getGroupId()))
              .findFirst()
              .orElseThrow(
                  () -> new IllegalStateException("no consumer of group " + group + " runs"));
      container = found;
    }
    return found;
  }
}
