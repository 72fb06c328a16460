package io.streamrag.llm;

import io.streamrag.kafkalocal.TopicProbe;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEvent;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.AnswerEvents;
import io.streamrag.schemas.chat.TraceStep;
import io.streamrag.schemas.chat.TraceSteps;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The answer events of one request, read from chat.answers as the gateway would, and the partitions
 * they were on.
 */
public record ServiceEvents(List<AnswerEvent> events, Set<Integer> partitions) {

  public static ServiceEvents collect(String bootstrapServers, String requestId) {
    var events = new ArrayList<AnswerEvent>();
    var partitions = new TreeSet<Integer>();
    try (var answers = new TopicProbe(bootstrapServers, ChatTopics.CHAT_ANSWERS.name())) {
      answers.await(
          r -> {
            if (r.value() instanceof AnswerEvent e && requestId.equals(e.getRequestId())) {
              events.addAll(AnswerEvents.of(e)); // one by one, as the gateway relays them
              partitions.add(r.partition());
              return e.getType() == AnswerEventType.DONE || e.getType() == AnswerEventType.ERROR;
            }
            return false;
          },
          Duration.ofSeconds(30));
    }
    return new ServiceEvents(events, partitions);
  }

  public AnswerEvent first() {
    return events.get(0);
  }

  public AnswerEvent last() {
    return events.get(events.size() - 1);
  }

  public String text() {
    return events.stream()
        .filter(e -> e.getType() == AnswerEventType.TOKEN)
        .map(AnswerEvent::getText)
        .reduce("", String::concat);
  }

  /** Every trace step, in order, however the steps were grouped into records. */
  public List<TraceStep> traceSteps() {
    return events.stream().flatMap(e -> TraceSteps.of(e).stream()).toList();
  }

  public List<AnswerEvent> of(AnswerEventType type) {
    return events.stream().filter(e -> e.getType() == type).toList();
  }
}
