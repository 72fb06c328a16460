package io.streamrag.llm;

import io.streamrag.kit.kafka.AvroHandlers;
import io.streamrag.kit.kafka.Outbox;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.prompt.Tones;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.time.Clock;
import java.util.function.Consumer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

/**
 * The Kafka handler (one call into the pipeline) and its stages; the provider: {@link
 * ProviderWiring}.
 */
@Configuration(proxyBeanMethods = false)
class LlmWiring {

  /** Binding {@code answer-in-0}: chat.contexts. */
  @Bean
  Consumer<Message<byte[]>> answer(LlmPipeline pipeline) {
    return AvroHandlers.consumer(ContextRetrieved.class, pipeline::answer);
  }

  @Bean
  LlmPipeline llmPipeline(Tones tones, AnswerProvider provider, Outbox outbox) {
    return new LlmPipeline(tones, new PromptBuilder(), provider, outbox, Clock.systemUTC());
  }

  @Bean(destroyMethod = "close")
  Tones tones(
      @Value("${spring.kafka.bootstrap-servers}") String brokers, LlmProperties properties) {
    return new Tones(brokers, properties.startupTimeout());
  }
}
