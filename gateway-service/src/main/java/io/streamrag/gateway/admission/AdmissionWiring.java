package io.streamrag.gateway.admission;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.gateway.GatewayProperties;
import io.streamrag.kit.guard.Guardrails;
import io.streamrag.kit.guard.InputLengthGuardrail;
import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.kit.guard.PlainTextGuardrail;
import io.streamrag.kit.guard.PromptInjectionGuardrail;
import io.streamrag.kit.kafka.InstanceReport;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.ChatTopics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Admission of chats: this replica's answers in flight per key, reported on {@code gateway.load};
 * the other replicas' and the answering instances' reports, read back.
 */
@Configuration(proxyBeanMethods = false)
class AdmissionWiring {

  /** The one admission of chat, /v1 and advice: sensor, pipeline, guardrails. */
  @Bean
  Admission admission(GatewayProperties properties, PromptInjectionGuardrail injectionGuard) {
    return new Admission(
        // the length first: it bounds what the injection guard reads (REQUIREMENTS S0.2); then
        // plain text only: a NUL is no question, and no store could remember it
        new Guardrails(
            List.of(
                new InputLengthGuardrail(properties.chat().maxMessageChars()),
                new PlainTextGuardrail(),
                injectionGuard)),
        new Guardrails(List.of(injectionGuard, PassageScreen.standard())));
  }

  /** How often a replica reports when nothing changes. */
  static final Duration REPORT_EVERY = Duration.ofSeconds(2);

  /** A report not renewed for three intervals is from an instance that is gone. */
  static final Duration STALE = REPORT_EVERY.multipliedBy(3);

  private final String instance = InstanceReport.instanceId();

  @Bean(destroyMethod = "close")
  LoadView loadView(TopicReaders readers) {
    return new LoadView(readers, instance, STALE, Clock.systemUTC());
  }

  @Bean
  ChatAdmission chatAdmission(
      GatewayProperties properties, LoadView view, ObjectProvider<InstanceReport> report) {
    var chat = properties.chat();
    return new ChatAdmission(
        chat.maxConcurrentPerKey(), chat.retryAfter(), view, () -> report.getObject().changed());
  }

  /** Its own timer thread: reports go out whatever the event loops are doing. */
  @Bean
  ThreadPoolTaskScheduler loadReportTimer() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("load-report-");
    // a draining gateway still releases its chats' places, and its drain checks here (RelayWiring)
    scheduler.setAcceptTasksAfterContextClose(true);
    return scheduler;
  }

  @Bean
  InstanceReport streamLoad(
      TopicWriter writer, ThreadPoolTaskScheduler loadReportTimer, ChatAdmission admission) {
    return new InstanceReport(
        writer,
        ChatTopics.GATEWAY_LOAD,
        instance,
        at -> admission.report(instance, at),
        loadReportTimer,
        REPORT_EVERY,
        Clock.systemUTC());
  }

  /**
   * The chats in flight here and the room the answering instances report; DOWN while this replica's
   * own report has not gone out for three intervals (the others then stop counting its chats
   * against their keys' limits).
   */
  @Bean
  HealthIndicator admissionHealthIndicator(
      ChatAdmission admission, LoadView view, InstanceReport streamLoad, MeterRegistry meters) {
    Gauge.builder("gateway.chats.in.flight", admission, ChatAdmission::inFlight)
        .description("chats admitted on this replica whose answer has not ended")
        .register(meters);
    Clock clock = Clock.systemUTC();
    return () -> {
      var last = streamLoad.lastSent();
      boolean late = last != null && last.isBefore(clock.instant().minus(STALE));
      return (late ? Health.down() : Health.up())
          .withDetail("inFlight", admission.inFlight())
          .withDetail("othersInFlight", view.othersInFlight())
          .withDetail("answerBudget", view.answerBudget())
          .withDetail("reportedAt", last == null ? "not yet" : last.toString())
          .build();
    };
  }
}
