package io.streamrag.gateway.relay;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.streamrag.gateway.GatewayProperties;
import io.streamrag.gateway.admission.ChatAdmission;
import io.streamrag.gateway.auth.ApiKeys;
import io.streamrag.kit.kafka.BindingRebalance;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.lifecycle.Drain;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.springframework.boot.autoconfigure.context.LifecycleProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.cloud.stream.config.BindingServiceProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
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

  @Bean
  AnswerRelay relay(TopicReaders readers, AnswerReplays replays, MeterRegistry meters) {
    return new AnswerRelay(
        readers,
        replays,
        counter(meters, "own", "answer events of streams this replica opened"),
        counter(meters, "foreign", "answer events of other replicas' streams (should stay 0)"));
  }

  /**
   * Binding {@value AnswerRelay#BINDING}: each record of this replica's share to its streams, a
   * poll at a time (the keys, partitions and offsets are lists, one per record).
   */
  @Bean
  Consumer<Message<List<byte[]>>> answerRelay(AnswerRelay relay) {
    return poll -> {
      var records = poll.getPayload();
      var headers = poll.getHeaders();
      var keys = (List<?>) headers.get(KafkaHeaders.RECEIVED_KEY);
      var partitions = (List<?>) headers.get(KafkaHeaders.RECEIVED_PARTITION);
      var offsets = (List<?>) headers.get(KafkaHeaders.OFFSET);
      for (int i = 0; i < records.size(); i++) {
        relay.relay(
            (String) keys.get(i),
            records.get(i),
            (Integer) partitions.get(i),
            (Long) offsets.get(i));
      }
    };
  }

  @Bean
  BindingRebalance answerRelayShares(AnswerRelay relay) {
    return relay.shares();
  }

  /**
   * The context starts once the group has given this replica its share of chat.answers (within a
   * minute, or the start fails): after the bindings start, before the web server takes requests.
   */
  @Bean
  SmartLifecycle answerRelayShare(AnswerRelay relay, BindingServiceProperties bindings) {
    String group = bindings.getBindingProperties(AnswerRelay.BINDING).getGroup();
    return new SmartLifecycle() {
      private volatile boolean running;

      @Override
      public void start() {
        try {
          relay.awaitShare(group, Duration.ofSeconds(60));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted waiting for a share of chat.answers", e);
        }
        running = true;
      }

      @Override
      public void stop() {
        running = false;
      }

      @Override
      public boolean isRunning() {
        return running;
      }

      @Override
      public int getPhase() {
        // bindings start at Integer.MAX_VALUE - 3000, the web server at Integer.MAX_VALUE - 2048
        return Integer.MAX_VALUE - 2500;
      }
    };
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
  HealthIndicator relayHealthIndicator(AnswerRelay relay, StreamLedger ledger) {
    return () ->
        (relay.isReady() ? Health.up() : Health.outOfService())
            .withDetail("openChats", relay.openStreams())
            .withDetail("partitions", relay.ownedPartitions())
            .withDetail("resumableStreams", ledger.size())
            .build();
  }

  private static Counter counter(MeterRegistry meters, String stream, String description) {
    return Counter.builder(RECORDS).tag("stream", stream).description(description).register(meters);
  }
}
