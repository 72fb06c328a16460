package io.streamrag.retrieval;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * retrieval-service settings ({@code retrieval.*}).
 *
 * @param indexPath where the Lucene index lives; empty for a temporary index rebuilt at each start
 * @param checkpointEvery how often applied offsets are committed into the index
 * @param startupTimeout how long start-up waits for the index and views to catch up
 * @param search candidate counts and fusion weights
 * @param routing KB name to the Persian and English keywords that route a question to it (S1.2)
 */
@Validated
@ConfigurationProperties("retrieval")
public record RetrievalProperties(
    String indexPath,
    @NotNull Duration checkpointEvery,
    @NotNull Duration startupTimeout,
    @Valid @NotNull Search search,
    @NotNull Map<String, List<String>> routing) {

  /**
   * @param candidates how many fused candidates go to the reranker (S0.4: 7)
   * @param keep how many passages the reranker keeps (S0.4: 3)
   * @param rrfK reciprocal-rank fusion constant
   * @param lexicalWeight weight of BM25 in the fusion
   * @param denseWeight weight of the dense leg per question language; the bundled MiniLM does not
   *     read Persian, so its Persian weight is 0 (see shared/eval: naive fusion halves Persian
   *     quality)
   */
  public record Search(
      @Min(1) int candidates,
      @Min(1) int keep,
      @Min(1) int rrfK,
      @DecimalMin("0") double lexicalWeight,
      @NotNull Map<String, Double> denseWeight) {

    /** The dense weight for a question language; unknown languages use {@code default}. */
    public double denseWeightFor(String language) {
      return denseWeight.getOrDefault(language, denseWeight.getOrDefault("default", 1.0));
    }
  }
}
