package io.streamrag.gateway.relay;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.admission.ChatAdmission;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.lifecycle.Drain;
import java.time.Clock;
import java.time.Duration;
import java.util.function.IntSupplier;
import org.springframework.boot.autoconfigure.context.LifecycleProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/** Answer streams: the relay of this replica's share of chat.answers, the ledger, resumes. */
@Configuration(proxyBeanMethods = false)
class RelayWiring {

  /** The counter of chat.answers records the relay read, by whose they were. */
  static final String RECORDS = "gateway.relay.records";

  /** The gauges of the shared reader of resumed and handed-over streams. */
  static final String REPLAY = "gateway.relay.replay";

  /** The one reader behind resumed and handed-over streams, its consumers and reads as gauges. */
  @Bean(destroyMethod = "close")
  AnswerReplays answerReplays(TopicReaders readers, MeterRegistry meters) {
    var replays = new AnswerReplays(readers);
    Gauge.builder(REPLAY + ".consumers", replays, AnswerReplays::consumers)
        .description("Kafka consumers reading chat.answers for resumed and handed-over streams")
        .register(meters);
    Gauge.builder(REPLAY + ".reads", replays, AnswerReplays::registrations)
        .description("resumed and handed-over streams read by the shared reader")
        .register(meters);
    return replays;
  }

  @Bean(destroyMethod = "close")
  AnswerRelay answerRelay(
      TopicReaders readers, AnswerReplays replays, StreamProperties streams, MeterRegistry meters)
      throws InterruptedException {
    return AnswerRelay.start(
        readers,
        replays,
        streams.relayGroup(),
        counter(meters, "own", "answer events of streams this replica opened"),
        counter(meters, "foreign", "answer events of other replicas' streams (should stay 0)"),
        Duration.ofSeconds(60));
  }

  @Bean(destroyMethod = "close")
  StreamLedger streamLedger(TopicReaders readers, TopicWriter writer, StreamProperties streams) {
    return new StreamLedger(readers, writer, streams, Clock.systemUTC());
  }

  @Bean
  AnswerSessions answerSessions(
      ChatAdmission admission,
      StreamDrain drain,
      AnswerRelay relay,
      StreamLedger ledger,
      PipelineWatch watch,
      TopicWriter writer,
      Tracer tracer) {
    return new AnswerSessions(
        admission, drain, relay, ledger, watch, writer, tracer, Clock.systemUTC());
  }

  @Bean
  StreamCaps resumedStreams(StreamProperties streams) {
    return new StreamCaps(streams.maxResumesPerKey());
  }

  @Bean
  Resumptions resumptions(
      ApiKeys keys, StreamLedger ledger, AnswerRelay relay, StreamCaps resumedStreams) {
    return new Resumptions(ledger, relay, resumedStreams);
  }

  @Bean
  StreamDrain streamDrain(GatewayProperties properties) {
    return new StreamDrain(properties.chat().retryAfter());
  }

  /**
   * On SIGTERM: no new chats, and the answer streams open here (new and resumed) go on to their
   * end, at most {@code spring.lifecycle.timeout-per-shutdown-phase}, before the web server's own
   * graceful shutdown and the readers of chat.answers that feed them stop.
   */
  @Bean
  Drain streamsDrain(
      StreamDrain drain,
      AnswerRelay relay,
      StreamCaps resumedStreams,
      ThreadPoolTaskScheduler loadReportTimer,
      LifecycleProperties lifecycle) {
    IntSupplier open = () -> relay.openStreams() + resumedStreams.total();
    return new Drain(
        "answer streams",
        drain::begin,
        () -> open.getAsInt() == 0,
        open,
        loadReportTimer,
        lifecycle.getTimeoutPerShutdownPhase(),
        Clock.systemUTC());
  }

  /** Event streams are neither buffered nor cached by proxies. */
  @Bean
  SseHeaders sseHeaders() {
    return new SseHeaders();
  }

  /** Ready once this replica has its share of chat.answers. */
  @Bean
  HealthIndicator relayHealthIndicator(AnswerRelay answerRelay, StreamLedger ledger) {
    return () ->
        (answerRelay.isReady() ? Health.up() : Health.outOfService())
            .withDetail("openChats", answerRelay.openStreams())
            .withDetail("partitions", answerRelay.ownedPartitions())
            .withDetail("resumableStreams", ledger.size())
            .build();
  }

  private static Counter counter(MeterRegistry meters, String stream, String description) {
    return Counter.builder(RECORDS).tag("stream", stream).description(description).register(meters);
  }
}
