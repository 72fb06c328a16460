package io.streamrag.retrieval;

import io.streamrag.retrieval.store.FusionRule;
import io.streamrag.retrieval.store.WindowScore;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.validation.annotation.Validated;

/**
 * retrieval-service settings ({@code retrieval.*}).
 *
 * @param indexPath where the Lucene index lives; empty for a temporary index rebuilt at each start
 * @param checkpointEvery how often applied offsets are committed into the index
 * @param startupTimeout how long start-up waits for the index and views to catch up
 * @param search candidate counts and fusion weights
 * @param routing KB name to the Persian, Arabic and English keywords that route a question to it
 *     (S1.2)
 * @param store which chunk store: {@code lucene} (embedded, default) or {@code qdrant}
 * @param qdrant where the Qdrant server is, when {@code store} is {@code qdrant}
 * @param pipelines a pipeline's own search settings, replacing {@code search} for its requests
 * @param compactAfter how long global knowledge must rest before the index is merged into one
 *     segment for faster searches (default 2 minutes; 0: never)
 */
@Validated
@ConfigurationProperties("retrieval")
public record RetrievalProperties(
    String indexPath,
    @NotNull Duration checkpointEvery,
    @NotNull Duration startupTimeout,
    @Valid @NotNull Search search,
    @NotNull Map<String, List<String>> routing,
    @NotNull Store store,
    @Valid @NotNull Qdrant qdrant,
    Map<String, @Valid Search> pipelines,
    Duration compactAfter) {

  public RetrievalProperties {
    pipelines = pipelines == null ? Map.of() : Map.copyOf(pipelines);
    compactAfter = compactAfter == null ? Duration.ofMinutes(2) : compactAfter;
    if (compactAfter.isNegative()) {
      throw new IllegalArgumentException("retrieval.compact-after must not be negative");
    }
  }

  /** The chunk store adapters. */
  public enum Store {
    LUCENE,
    QDRANT
  }

  /**
   * @param host the Qdrant server
   * @param port its gRPC port (6334)
   * @param apiKey its API key, empty for none
   * @param useTls whether the gRPC connection uses TLS
   * @param collection the alias searched; generations are collections {@code <collection>_g<N>}
   * @param newGeneration create the next generation and switch the alias to it at start-up, then
   *     rebuild it from index.changes (set it for one start, after changing the embedding model)
   */
  public record Qdrant(
      @NotBlank String host,
      @Min(1) @Max(65535) int port,
      String apiKey,
      boolean useTls,
      @NotBlank @Pattern(regexp = "[A-Za-z0-9_-]+") String collection,
      boolean newGeneration) {}

  /**
   * @param candidates how many fused candidates go to the reranker (S0.4: 7)
   * @param keep how many passages the reranker keeps (S0.4: 3)
   * @param rrfK reciprocal-rank fusion constant
   * @param lexicalWeight weight of BM25 in the fusion
   * @param denseWeight weight of the dense leg per question language; the bundled MiniLM does not
   *     read Persian or Arabic, so their weight is 0 (alone it scores about 0 on the Persian sets
   *     of the README's retrieval-quality table, and its random votes would only dilute BM25's)
   * @param windowScore how the dense leg scores a chunk embedded as several windows: {@code max}
   *     (its best window, default) or {@code mean} (the mean of its windows, over the candidates
   *     the best window found)
   * @param fusion how the legs are fused: {@code score-distribution} (default) or {@code
   *     reciprocal-rank} ({@link FusionRule})
   */
  public record Search(
      @Min(1) int candidates,
      @Min(1) int keep,
      @Min(1) int rrfK,
      @DecimalMin("0") double lexicalWeight,
      @NotNull Map<String, Double> denseWeight,
      WindowScore windowScore,
      FusionRule fusion) {

    /**
     * Fusion by each leg's score distribution: on the dev halves it kept SciFact's gain and came
     * nearer the stronger leg where one leg is much the weaker (docs/architecture/retrieval.md).
     */
    public static final FusionRule DEFAULT_FUSION = FusionRule.SCORE_DISTRIBUTION;

    @ConstructorBinding
    public Search {
      windowScore = windowScore == null ? WindowScore.MAX : windowScore;
      fusion = fusion == null ? DEFAULT_FUSION : fusion;
    }

    /** A search that fuses by the default rule. */
    public Search(
        int candidates,
        int keep,
        int rrfK,
        double lexicalWeight,
        Map<String, Double> denseWeight,
        WindowScore windowScore) {
      this(candidates, keep, rrfK, lexicalWeight, denseWeight, windowScore, DEFAULT_FUSION);
    }

    /** A search that scores a chunk by its best window. */
    public Search(
        int candidates, int keep, int rrfK, double lexicalWeight, Map<String, Double> denseWeight) {
      this(candidates, keep, rrfK, lexicalWeight, denseWeight, WindowScore.MAX);
    }

    /** The dense weight for a question language; unknown languages use {@code default}. */
    public double denseWeightFor(String language) {
      return denseWeight.getOrDefault(language, denseWeight.getOrDefault("default", 1.0));
    }
  }
}
