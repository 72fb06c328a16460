package io.streamrag.retrieval.compact;

import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.store.ChunkStore;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The serving index compacted once its knowledge is quiet ({@code retrieval.compact-after}; 0
 * never): the {@code compaction} health component and its thread.
 */
@Configuration(proxyBeanMethods = false)
class CompactionWiring {

  private static final Duration CHECK_EVERY = Duration.ofSeconds(10);

  /** Runs the compactions: one thread, started and stopped by Spring. */
  @Bean
  ThreadPoolTaskScheduler compactionScheduler() {
    var scheduler = new ThreadPoolTaskScheduler();
    scheduler.setPoolSize(1);
    scheduler.setThreadNamePrefix("index-compaction-");
    return scheduler;
  }

  @Bean(destroyMethod = "close")
  IndexCompactor compaction(
      ChunkStore store,
      RetrievalProperties properties,
      @Qualifier("compactionScheduler") ThreadPoolTaskScheduler scheduler) {
    Duration quiet = properties.compactAfter();
    var compactor = new IndexCompactor(store, quiet, Clock.systemUTC());
    return quiet.isZero() ? compactor : compactor.start(scheduler, CHECK_EVERY);
  }
}
