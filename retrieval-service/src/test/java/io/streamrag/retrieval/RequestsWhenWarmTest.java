package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.warmup.WarmUp;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A (re)started retrieval-service joins the search request groups only once it is warm: while a
 * warm-up still runs, the partitions stay with the replicas that are.
 */
@SpringBootTest(
    classes = {RetrievalApplication.class, RequestsWhenWarmTest.SlowWarmUp.class},
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {RetrievalApplication.CONFIG_NAME, "streamrag.warm-up.limit=60s"})
class RequestsWhenWarmTest {

  static final AtomicBoolean INPUT_CAME = new AtomicBoolean();

  @Autowired KafkaListenerEndpointRegistry listeners;

  @DynamicPropertySource
  static void kafka(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", () -> LocalKafka.shared().bootstrapServers());
  }

  /** A warm-up that cannot start until the test says so, as one waiting for its index would. */
  @TestConfiguration
  static class SlowWarmUp {
    @Bean
    WarmUp waitingForItsInput() {
      return new WarmUp() {
        @Override
        public String name() {
          return "waiting";
        }

        @Override
        public boolean canStart() {
          return INPUT_CAME.get();
        }

        @Override
        public void round(int round) {}
      };
    }
  }

  @Test
  void theRequestListenersStartOnlyOnceTheWarmUpHasEnded() {
    // While the warm-up waits, no request listener has joined its group...
    for (String id : RequestsWhenWarm.LISTENERS) {
      assertThat(listeners.getListenerContainer(id).isRunning()).as(id).isFalse();
    }

    // ...and once it has run, both take requests
    INPUT_CAME.set(true);
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              for (String id : RequestsWhenWarm.LISTENERS) {
                assertThat(listeners.getListenerContainer(id).isRunning()).as(id).isTrue();
              }
            });
  }
}
