package io.streamrag.llm.intake;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.kafka.DeadLetters;
import io.streamrag.kit.kafka.InstanceReport;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.lifecycle.Drain;
import io.streamrag.llm.LlmProperties;
import io.streamrag.llm.LlmSteps;
import io.streamrag.llm.cancel.Cancellations;
import io.streamrag.llm.cancel.CancelledAnswers;
import io.streamrag.llm.stream.AnswerStreams;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerLoadReported;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.context.LifecycleProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Chat requests in: the binding, the budget of answers running at once, the report of how full it
 * is on {@code llm.load} (from which the gateway refuses new chats at once when every instance is
 * full), and how requests change hands: partitions given up and an instance stopping both finish
 * their answers first.
 */
@Configuration(proxyBeanMethods = false)
class IntakeWiring {

  /** The binding of chat requests and its consumer group (llm-service.yml). */
  static final String ANSWERS_BINDING = "answer-in-0";

  static final String ANSWERS_GROUP = "llm-answers";

  /** How often the load is reported when nothing changes; readers drop it after three misses. */
  static final Duration REPORT_EVERY = Duration.ofSeconds(2);

  /**
   * Binding {@code answer-in-0}: chat.requests. Each request starts its answer at once, up to the
   * budget of answers running; each answer stops when its caller leaves.
   */
  @Bean
  Consumer<Message<byte[]>> answer(AnswerBudget budget, TopicReaders readers) {
    return new ChatIntake(budget, DeadLetters.forGroup(readers.clients(), ANSWERS_GROUP));
  }

  /**
   * {@code llm.max-concurrent-answers} answers at once; fetching pauses beyond them, and each pause
   * or resume is reported at once.
   */
  @Bean
  AnswerBudget answerBudget(
      LlmProperties properties,
      LlmSteps steps,
      Cancellations cancellations,
      TopicWriter writer,
      TopicReaders readers,
      InstanceReport answerLoad,
      AnswerStreams streams) {
    var answers =
        new CancelledAnswers(
            cancellations, steps::answer, writer, Clock.systemUTC(), streams::newGeneration);
    var fetching = new BindingFetching(readers, ANSWERS_GROUP);
    return new AnswerBudget(
        properties.maxConcurrentAnswers(),
        answers::answer,
        new AnswerBudget.Fetching() {
          @Override
          public void pause() {
            fetching.pause();
            answerLoad.changed();
          }

          @Override
          public void resume() {
            fetching.resume();
            answerLoad.changed();
          }

          @Override
          public boolean stopped() {
            return fetching.stopped();
          }
        });
  }

  /**
   * On SIGTERM (a rolling update): fetching stops for good, the answers running and those fetched
   * are finished (at most {@code spring.lifecycle.timeout-per-shutdown-phase}); only then does the
   * binding stop, commit their offsets and leave its group, so the partitions' next owner starts
   * after them and no client sees a restart. What still runs at the timeout is left uncommitted to
   * the next owner, which answers it again (its client gets a {@code reset}).
   */
  @Bean
  Drain answerDrain(
      AnswerBudget budget, ThreadPoolTaskScheduler answerTimers, LifecycleProperties lifecycle) {
    return new Drain(
        "answers",
        budget::drain,
        budget::drained,
        () -> budget.running() + budget.waiting(),
        answerTimers,
        lifecycle.getTimeoutPerShutdownPhase(),
        Clock.systemUTC());
  }

  /** This instance's budget, running, waiting and fullness on {@code llm.load}. */
  @Bean
  InstanceReport answerLoad(
      TopicWriter writer,
      ThreadPoolTaskScheduler answerTimers,
      ObjectProvider<AnswerBudget> budget) {
    String instance = InstanceReport.instanceId();
    return new InstanceReport(
        writer,
        ChatTopics.LLM_LOAD,
        instance,
        at -> {
          var b = budget.getObject();
          return AnswerLoadReported.newBuilder()
              .setInstance(instance)
              .setBudget(b.max())
              .setRunning(b.running())
              .setWaiting(b.waiting())
              .setFull(b.paused())
              .setAt(at)
              .build();
        },
        answerTimers,
        REPORT_EVERY,
        Clock.systemUTC());
  }

  /** Partitions that change hands finish their answers first; kept ones are committed again. */
  @Bean
  AnswerRebalance answersRebalance(AnswerBudget budget, IntakeProperties intake) {
    return new AnswerRebalance(ANSWERS_BINDING, budget, intake.handOver());
  }

  /**
   * The answers under way, for operators: UP while its load reaches the gateways (a full budget is
   * not a fault); a report not sent for three intervals is, since the gateways then stop counting
   * this instance's room.
   */
  @Bean
  HealthIndicator answersHealthIndicator(
      AnswerBudget budget, InstanceReport answerLoad, MeterRegistry meters) {
    Gauge.builder("llm.answers.running", budget, AnswerBudget::running)
        .description("answers running on this instance")
        .register(meters);
    Gauge.builder("llm.answers.waiting", budget, AnswerBudget::waiting)
        .description("chat requests fetched and waiting for room in the budget")
        .register(meters);
    Gauge.builder("llm.answers.paused", budget, b -> b.paused() ? 1 : 0)
        .description("1 while fetching is paused: the budget is full")
        .register(meters);
    Clock clock = Clock.systemUTC();
    return () -> {
      var last = answerLoad.lastSent();
      boolean reporting =
          last == null
              ? !answerLoad.isRunning()
              : last.isAfter(clock.instant().minus(answerLoad.every().multipliedBy(3)));
      return (reporting || last == null ? Health.up() : Health.down())
          .withDetail("running", budget.running())
          .withDetail("waiting", budget.waiting())
          .withDetail("budget", budget.max())
          .withDetail("fetching", budget.paused() ? "paused" : "on")
          .withDetail("load_reported_at", last == null ? "not yet" : last.toString())
          .build();
    };
  }
}
