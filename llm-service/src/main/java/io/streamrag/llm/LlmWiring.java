package io.streamrag.llm;

import io.streamrag.kit.kafka.AvroHandlers;
import io.streamrag.kit.kafka.Outbox;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.prompt.Tones;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.llm.provider.ExtractiveProvider;
import io.streamrag.llm.provider.OpenAiCompatibleProvider;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.time.Clock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.json.JsonMapper;

/** The Kafka handler (one call into the pipeline) and the provider chosen by configuration. */
@Configuration(proxyBeanMethods = false)
class LlmWiring {

  private static final Logger log = LoggerFactory.getLogger(LlmWiring.class);

  /** Binding {@code answer-in-0}: chat.contexts. */
  @Bean
  Consumer<Message<byte[]>> answer(LlmPipeline pipeline) {
    return AvroHandlers.consumer(ContextRetrieved.class, pipeline::answer);
  }

  @Bean
  LlmPipeline llmPipeline(Tones tones, AnswerProvider provider, Outbox outbox) {
    return new LlmPipeline(tones, new PromptBuilder(), provider, outbox, Clock.systemUTC());
  }

  @Bean
  AnswerProvider answerProvider(LlmProperties properties, JsonMapper json) {
    if (properties.remote()) {
      log.info("answers come from {} at {}", properties.model(), properties.baseUrl());
      return new OpenAiCompatibleProvider(
          properties.baseUrl(),
          properties.apiKey(),
          properties.model(),
          properties.timeout(),
          json);
    }
    log.info("no LLM configured (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL): answers are extractive");
    return new ExtractiveProvider();
  }

  @Bean(destroyMethod = "close")
  Tones tones(
      @Value("${spring.kafka.bootstrap-servers}") String brokers, LlmProperties properties) {
    return new Tones(brokers, properties.startupTimeout());
  }
}
