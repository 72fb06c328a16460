package io.streamrag.ingest;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.embedding.OnnxEmbedder;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class EmbedderConfig {

  /** ONNX inference never takes more threads than the machine has cores. */
  @Bean(destroyMethod = "shutdown")
  ExecutorService embeddingExecutor() {
    return Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
  }

  @Bean
  Embedder embedder(ExecutorService embeddingExecutor) {
    return OnnxEmbedder.bundledMiniLm(embeddingExecutor);
  }
}
