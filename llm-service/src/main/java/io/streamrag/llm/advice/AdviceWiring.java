package io.streamrag.llm.advice;

import io.micrometer.observation.ObservationRegistry;
import io.streamrag.kit.kafka.AvroBatches;
import io.streamrag.kit.kafka.KafkaKitConfiguration;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.SensorSnapshots;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.llm.ChatProperties;
import io.streamrag.llm.LlmProperties;
import io.streamrag.llm.config.LiveConfig;
import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.provider.openai.ProviderChain;
import io.streamrag.schemas.ServiceTopics;
import io.streamrag.schemas.advice.RecommendationAnswered;
import io.streamrag.schemas.advice.RecommendationRequested;
import io.streamrag.schemas.advice.RecommendationState;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;
import org.springframework.messaging.handler.annotation.SendTo;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Recommendations (S1.10) and alerts: the stages and the two Kafka handlers. */
@Configuration(proxyBeanMethods = false)
class AdviceWiring {

  @Bean
  AgronomyTables agronomyTables(LiveConfig live, AdviceProperties advice) {
    return new AgronomyTables(
        live::tables,
        () -> live.catchUpKnowledgeBases(Duration.ofSeconds(5)),
        Clock.systemDefaultZone(),
        advice.moistureMaxAge(),
        advice.nutrientsMaxAge());
  }

  /** Every sensor's latest snapshot, followed on every replica. */
  @Bean(destroyMethod = "close")
  TopicView<SensorSnapshotUpdated> sensorSnapshots(TopicReaders readers, LlmProperties properties) {
    return SensorSnapshots.followed(readers, properties.startupTimeout());
  }

  /** Each sensor's last recommendation state, what the next snapshot is compared with. */
  @Bean(destroyMethod = "close")
  TopicView<RecommendationState> recommendationStates(
      TopicReaders readers, LlmProperties properties) {
    return TopicView.followVersioned(
            readers,
            ServiceTopics.SENSOR_RECOMMENDATIONS.name(),
            RecommendationState.class,
            RecommendationState::getSnapshotVersion)
        .caughtUpWithin(properties.startupTimeout());
  }

  @Bean
  Advisor advisor(
      TopicView<SensorSnapshotUpdated> sensorSnapshots,
      AgronomyTables tables,
      ProviderChain chain,
      RequestClient<ContextRetrieved> retrieval,
      ChatProperties chat,
      JsonMapper json) {
    return new Advisor(
        sensorSnapshots,
        tables,
        new Explanation(chain.isEmpty() ? null : chain),
        retrieval,
        chat.retrievalTimeout(),
        json,
        Clock.systemDefaultZone());
  }

  @Bean
  Alerts alerts(
      AgronomyTables tables,
      TopicView<RecommendationState> recommendationStates,
      TopicWriter writer,
      JsonMapper json,
      ObjectProvider<ObservationRegistry> observations) {
    return new Alerts(
        tables,
        recommendationStates,
        writer,
        json,
        Clock.systemUTC(),
        observations.getIfUnique(() -> ObservationRegistry.NOOP));
  }

  /** recommendation.requests in, the advice back on recommendation.replies. */
  @Component
  static class RecommendationRequests {

    private final Advisor advisor;

    RecommendationRequests(Advisor advisor) {
      this.advisor = advisor;
    }

    @KafkaListener(
        id = "llm-recommendations",
        topics = "recommendation.requests",
        groupId = "llm-recommendations",
        containerFactory = KafkaKitConfiguration.REQUEST_LISTENER_FACTORY)
    @SendTo
    CompletableFuture<Message<RecommendationAnswered>> handle(RecommendationRequested call) {
      // an async return: the listener thread goes on at once, the reply and the offset's commit
      // follow the explanation (spring-kafka's out-of-order manual acks)
      CompletableFuture<RecommendationAnswered> answer;
      try {
        answer = advisor.answer(call);
      } catch (IllegalStateException e) {
        answer = CompletableFuture.failedFuture(e);
      }
      return answer
          .exceptionally(
              error -> {
                if (!(Futures.cause(error) instanceof IllegalStateException refused)) {
                  throw Futures.rethrow(Futures.cause(error));
                }
                return RecommendationAnswered.newBuilder()
                    .setCallId(call.getCallId())
                    .setKind(call.getKind())
                    .setError(refused.getMessage())
                    .build();
              })
          .thenApply(
              reply ->
                  MessageBuilder.withPayload(reply)
                      .setHeader(KafkaHeaders.KEY, call.getCallId())
                      .build());
    }
  }

  /**
   * Binding {@code alertWatch-in-0}: sensor.snapshots, once across replicas (group {@code
   * llm-alerts}), a poll at a time: each new snapshot advised on, and an alert issued when the
   * advice changed. By polls, not records: a record at a time, the binding's dispatch around each
   * snapshot cost more than the advice (docs/measurements/2026-12-07-freshness-1000.md).
   */
  @Bean
  Consumer<Message<List<byte[]>>> alertWatch(Alerts alerts) {
    return AvroBatches.consumer(SensorSnapshotUpdated.class, alerts::onSnapshots);
  }
}
