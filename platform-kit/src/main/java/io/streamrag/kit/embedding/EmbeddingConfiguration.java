package io.streamrag.kit.embedding;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Gives a service that embeds the {@link Embedder} its {@code embedding.*} keys choose. A service
 * embeds when it carries the ONNX runtime (the bundled model's artifact) and imports {@code
 * classpath:streamrag-embedding.yml}, as ingest and retrieval do: both read the same keys, so
 * chunks and questions are embedded by the same model.
 */
@AutoConfiguration
@ConditionalOnClass(name = "dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder")
@ConditionalOnProperty(prefix = "embedding", name = "provider")
@EnableConfigurationProperties(EmbeddingProperties.class)
public class EmbeddingConfiguration {

  private static final Logger log = LoggerFactory.getLogger(EmbeddingConfiguration.class);

  /** ONNX inference never takes more threads than the machine has cores. */
  @Bean(destroyMethod = "shutdown")
  @ConditionalOnMissingBean(name = "embeddingExecutor")
  ExecutorService embeddingExecutor() {
    return Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
  }

  @Bean
  @ConditionalOnMissingBean
  Embedder embedder(
      EmbeddingProperties properties, @Qualifier("embeddingExecutor") ExecutorService executor) {
    Embedder embedder = properties.embedder(executor);
    log.info(
        "embedding with {} ({}), languages {}",
        embedder.modelId(),
        embedder,
        embedder.languages().isEmpty() ? "any" : embedder.languages());
    return embedder;
  }
}
