package io.streamrag.ingest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * ingest-service settings ({@code ingest.*}).
 *
 * @param chunking how texts are cut (S1.4)
 * @param embeddingBatchSize texts per embedding call (S1.4: 32)
 * @param knowledge the knowledge folder imported at start-up
 * @param startupTimeout how long start-up may take to read its state topics
 * @param coalesceWindow a sensor's snapshots within this window after one was indexed are indexed
 *     once, at its end (0: every snapshot at once)
 * @param admin the operator's token for the prompt admin API
 * @param documents limits of uploaded documents ({@code POST /admin/kbs/{kb}/documents})
 * @param weatherFanOutThreads how many threads re-render the fields of a station that observed
 *     something, the consumer's own included (1: the consumer alone)
 */
@Validated
@ConfigurationProperties("ingest")
public record IngestProperties(
    @Valid @NotNull Chunking chunking,
    @Positive int embeddingBatchSize,
    @Valid @NotNull Knowledge knowledge,
    @NotNull Duration startupTimeout,
    @NotNull Duration coalesceWindow,
    @Valid @NotNull Admin admin,
    @Valid @NotNull Documents documents,
    @Min(1) @Max(16) int weatherFanOutThreads) {

  /**
   * @param maxFileSize the largest file an administrator may upload ({@code 413} above it)
   * @param maxTextSize the most text one document may hold: it travels as one record on {@code
   *     kb.documents}, and Kafka refuses records above 1 MB by default ({@code 413} above it)
   */
  public record Documents(@NotNull DataSize maxFileSize, @NotNull DataSize maxTextSize) {}

  /**
   * @param tokenSha256 hex SHA-256 of the admin token ({@code INGEST_ADMIN_TOKEN_SHA256}); empty
   *     turns the admin API off
   */
  public record Admin(
      @jakarta.validation.constraints.Pattern(
              regexp = "|[0-9a-f]{64}",
              message = "must be empty or 64 lowercase hex characters (SHA-256)")
          String tokenSha256) {}

  /**
   * @param maxTokens largest chunk, in tokens (words and punctuation marks)
   * @param overlapTokens tokens a chunk repeats from the end of the previous one
   */
  public record Chunking(@Min(20) @Max(8192) int maxTokens, @Min(0) int overlapTokens) {}

  /**
   * @param importOnStart publish the folder's documents at start-up (unchanged ones are skipped)
   * @param location {@code classpath:demo-knowledge} or a directory path; one sub-folder per KB
   * @param pipeline the assistant pipeline these KBs belong to
   */
  public record Knowledge(
      boolean importOnStart, @NotBlank String location, @NotBlank String pipeline) {}
}
