package io.streamrag.llm.memory;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Clock;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import tools.jackson.databind.json.JsonMapper;

/** Conversation memory: the PostgreSQL pool, the guarded store, the background turn writer. */
@Configuration(proxyBeanMethods = false)
class MemoryWiring {

  /**
   * A pool that never connects at start-up (llm-service starts while the database is down) and
   * gives up on a connection quickly (a chat waits at most {@code connect-timeout} for memory).
   */
  @Bean(destroyMethod = "close")
  HikariDataSource memoryDataSource(MemoryProperties memory) {
    var config = new HikariConfig();
    config.setPoolName("memory");
    config.setJdbcUrl(memory.jdbcUrl());
    config.setUsername(memory.user());
    config.setPassword(memory.secret());
    config.setMaximumPoolSize(memory.poolSize());
    config.setMinimumIdle(1);
    config.setConnectionTimeout(Math.max(250, memory.connectTimeout().toMillis()));
    config.setValidationTimeout(Math.max(250, memory.connectTimeout().toMillis() / 2));
    config.setInitializationFailTimeout(-1);
    config.addDataSourceProperty(
        "connectTimeout", Math.max(1, memory.connectTimeout().toSeconds()));
    config.addDataSourceProperty("socketTimeout", memory.queryTimeout().toSeconds() + 1);
    return new HikariDataSource(config);
  }

  @Bean
  GuardedConversationStore conversationStore(
      HikariDataSource memoryDataSource, MemoryProperties memory, JsonMapper json) {
    return new GuardedConversationStore(
        new PostgresConversationStore(
            memoryDataSource,
            (int) Math.max(1, memory.queryTimeout().toSeconds()),
            json,
            Clock.systemUTC()),
        memory.skipFor());
  }

  /**
   * One writer thread, a bounded queue: turns are written in the background, in order, each in its
   * chat's trace (its log lines carry the chat's trace_id and request_id).
   */
  @Bean
  ThreadPoolTaskExecutor memoryWriter() {
    var executor = new ThreadPoolTaskExecutor();
    executor.setThreadNamePrefix("memory-writer-");
    executor.setCorePoolSize(1);
    executor.setMaxPoolSize(1);
    executor.setQueueCapacity(1_000);
    executor.setWaitForTasksToCompleteOnShutdown(true);
    executor.setAwaitTerminationSeconds(10);
    executor.setTaskDecorator(new ContextPropagatingTaskDecorator());
    return executor;
  }

  @Bean
  TurnRecorder turnRecorder(
      GuardedConversationStore store,
      ThreadPoolTaskExecutor memoryWriter,
      ThreadPoolTaskScheduler answerTimers) {
    return new TurnRecorder(store, memoryWriter, answerTimers);
  }

  /**
   * The readers of a conversation's earlier turns, as many as the pool's connections: a JDBC query
   * waits on its socket, so it runs here, never on an answer's threads. A full queue answers
   * without memory rather than wait.
   */
  @Bean
  ThreadPoolTaskExecutor memoryReader(MemoryProperties memory) {
    var executor = new ThreadPoolTaskExecutor();
    executor.setThreadNamePrefix("memory-reader-");
    executor.setCorePoolSize(memory.poolSize());
    executor.setMaxPoolSize(memory.poolSize());
    executor.setQueueCapacity(1_000);
    executor.setAcceptTasksAfterContextClose(true); // answers fetched before a drain still start
    executor.setTaskDecorator(new ContextPropagatingTaskDecorator());
    return executor;
  }

  /**
   * Memory's state for operators. Always UP: without the database, chats are answered without
   * memory; the details say so.
   */
  @Bean
  HealthIndicator memoryHealthIndicator(GuardedConversationStore store, TurnRecorder turns) {
    return () ->
        Health.up()
            .withDetail("database", "CLOSED".equals(store.state()) ? "answering" : "skipped")
            .withDetail("breaker", store.state())
            .withDetail("turnsWritten", turns.written())
            .withDetail("turnsLost", turns.lost())
            .build();
  }
}
