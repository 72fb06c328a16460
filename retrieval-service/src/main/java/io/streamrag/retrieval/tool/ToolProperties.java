package io.streamrag.retrieval.tool;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The query_knowledge tool's settings ({@code retrieval.tool.*}).
 *
 * @param threads KB searches that may run at once, across all calls
 * @param queue KB searches that may wait for a thread; beyond that a KB fails at once, with its
 *     reason, rather than making its call wait
 * @param kbTimeout the longest a call waits for its KBs: above {@code retrieval.search-timeout}
 *     (one store search) plus {@code retrieval.rerank.timeout}, below the caller's own deadline
 */
@Validated
@ConfigurationProperties("retrieval.tool")
record ToolProperties(@Min(1) int threads, @Min(0) int queue, @NotNull Duration kbTimeout) {}
