package io.streamrag.retrieval.tool;

import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.rerank.Reranker;
import io.streamrag.retrieval.search.PipelineSearch;
import io.streamrag.retrieval.store.ChunkStore;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.support.ContextPropagatingTaskDecorator;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/** The query_knowledge tool and the bounded executor its KB searches run on. */
@Configuration(proxyBeanMethods = false)
class ToolWiring {

  /** Spring starts it and, at shutdown, stops it: a fixed pool with a bounded queue. */
  @Bean
  ThreadPoolTaskExecutor knowledgeSearchExecutor(ToolProperties tool) {
    var executor = new ThreadPoolTaskExecutor();
    executor.setCorePoolSize(tool.threads());
    executor.setMaxPoolSize(tool.threads());
    executor.setQueueCapacity(tool.queue());
    executor.setThreadNamePrefix("knowledge-search-");
    // the Kafka listener stops after context close begins: calls it is still answering may search
    executor.setAcceptTasksAfterContextClose(true);
    // each search logs with the call's trace_id and request_id
    executor.setTaskDecorator(new ContextPropagatingTaskDecorator());
    return executor;
  }

  @Bean
  KnowledgeTool knowledgeTool(
      LiveState live,
      ChunkStore store,
      PipelineSearch search,
      Reranker reranker,
      ToolProperties tool,
      @Qualifier("knowledgeSearchExecutor") ThreadPoolTaskExecutor executor) {
    return new KnowledgeTool(
        live::knowledgeBases,
        store,
        search,
        reranker,
        executor,
        tool.kbTimeout(),
        Clock.systemUTC());
  }
}
