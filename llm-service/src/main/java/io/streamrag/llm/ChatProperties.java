package io.streamrag.llm;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How llm-service handles one chat request ({@code llm.chat.*}).
 *
 * @param maxMessageChars a longer message is refused (the gateway refuses it first, with 413)
 * @param retrievalTimeout the longest wait for retrieval-service, per search or tool call; then the
 *     search is degraded
 * @param relevanceThreshold the deterministic planner's least relevance for evidence (S3.4)
 * @param paraphraseSimilarity the deterministic planner's least embedding similarity at which a
 *     passage with fewer of a part's terms says it in other words (only where retrieval's dense leg
 *     found it); above 1: never. It belongs to the embedding model: 0.6 for the bundled MiniLM
 * @param planner {@code auto} (the model plans when one is configured), {@code model} or {@code
 *     deterministic}
 * @param maxRequestAge a request older than this is skipped: its caller has given up (the gateway's
 *     answer timeout), and answering it would only delay the questions still waited for (after an
 *     outage, the backlog)
 * @param tokenLinger the least time between two token records of an answer: tokens that come faster
 *     go together ({@link io.streamrag.llm.stream.TokenBatching}); 0 sends each alone
 * @param tokenMaxChars a group of tokens this long is sent without waiting
 */
@Validated
@ConfigurationProperties("llm.chat")
public record ChatProperties(
    @Positive int maxMessageChars,
    @NotNull Duration retrievalTimeout,
    @jakarta.validation.constraints.DecimalMin("0.0")
        @jakarta.validation.constraints.DecimalMax("1.0")
        double relevanceThreshold,
    double paraphraseSimilarity,
    @jakarta.validation.constraints.Pattern(
            regexp = "auto|model|deterministic",
            message = "must be auto, model or deterministic")
        String planner,
    @NotNull Duration maxRequestAge,
    @NotNull Duration tokenLinger,
    @Positive int tokenMaxChars) {}
