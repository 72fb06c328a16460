package io.streamrag.gateway.relay;

import io.streamrag.kit.kafka.KafkaClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Whether the services a chat needs are there: the consumer groups that read its requests (e.g.
 * llm-service's on {@code chat.requests}, retrieval-service's on {@code retrieval.requests}) are
 * described every {@code gateway.chat.watch-interval}. A group with no member means nobody would
 * answer: a new chat gets 503 at once, and every chat streaming gets an {@code error} event on the
 * check that sees it, instead of waiting out its timeout. When the broker cannot be asked, nothing
 * is concluded: the send itself will tell.
 */
public final class PipelineWatch implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(PipelineWatch.class);

  /** A consumer group a chat depends on, and what it does. */
  public record Stage(String group, String topic, String service) {}

  private final Admin admin;
  private final List<Stage> stages;
  private final Duration timeout;
  private final Map<String, Boolean> alive = new ConcurrentHashMap<>();
  private final Sinks.Many<Stage> stopped = Sinks.many().multicast().directBestEffort();

  public PipelineWatch(KafkaClients clients, List<Stage> stages, Duration timeout) {
    this.admin = Admin.create(clients.admin());
    this.stages = stages;
    this.timeout = timeout;
  }

  /** The first stage that nobody serves, as last seen. */
  public Optional<Stage> missing() {
    return stages.stream().filter(s -> Boolean.FALSE.equals(alive.get(s.group()))).findFirst();
  }

  /**
   * Checks now and returns the first stage nobody serves: for a chat about to be refused on the
   * last check's word, which may be up to one interval old. Blocks up to the timeout.
   */
  public Optional<Stage> recheck() {
    check();
    return missing();
  }

  /** Each stage as it is seen to stop. */
  public Flux<Stage> stops() {
    return stopped.asFlux();
  }

  /** Describes the groups; called by Spring's scheduler. */
  @Scheduled(fixedDelayString = "${gateway.chat.watch-interval:2s}")
  public synchronized void check() {
    var described =
        admin.describeConsumerGroups(stages.stream().map(Stage::group).toList()).describedGroups();
    for (var stage : stages) {
      Boolean now = served(described.get(stage.group()));
      if (now == null) {
        continue; // unknown: the broker may be down, and then the send fails by itself
      }
      Boolean before = alive.put(stage.group(), now);
      if (!now && !Boolean.FALSE.equals(before)) {
        log.warn(
            "nobody consumes {} (group {} has no member): {} is down; chats get 503",
            stage.topic(),
            stage.group(),
            stage.service());
        stopped.tryEmitNext(stage);
      } else if (now && Boolean.FALSE.equals(before)) {
        log.info("{} consumes {} again", stage.service(), stage.topic());
      }
    }
  }

  /** True when the group has a member, false when it has none or is unknown, null if unsure. */
  private Boolean served(KafkaFuture<ConsumerGroupDescription> group) {
    try {
      return !group.get(timeout.toMillis(), TimeUnit.MILLISECONDS).members().isEmpty();
    } catch (ExecutionException e) {
      return e.getCause() instanceof GroupIdNotFoundException ? false : null;
    } catch (TimeoutException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(2));
  }
}
