package io.streamrag.llm.provider.openai;

import java.util.concurrent.Executor;
import org.springframework.scheduling.TaskScheduler;

/**
 * The threads model calls run on, all Spring-managed and few whatever the number of calls: the HTTP
 * client hands each response's lines to {@code http}, and {@code timers} cuts a call whose deadline
 * passed. No thread waits for a model.
 */
public record CallThreads(Executor http, TaskScheduler timers) {}
