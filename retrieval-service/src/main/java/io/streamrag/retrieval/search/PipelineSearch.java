package io.streamrag.retrieval.search;

import io.streamrag.kit.embedding.Embedder;
import io.streamrag.retrieval.RetrievalProperties;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The search settings of each pipeline: its own block under {@code retrieval.pipelines}, else
 * {@code retrieval.search}. Classic retrieval and the query_knowledge tool read them here, so a
 * pipeline searches alike whichever way its question comes.
 */
public final class PipelineSearch {

  private final RetrievalProperties.Search defaults;
  private final FusionPolicy defaultPolicy;
  private final Map<String, RetrievalProperties.Search> settings;
  private final Map<String, FusionPolicy> policies = new HashMap<>();

  /**
   * @param perPipeline a pipeline's own candidate counts and fusion weights, else {@code defaults}
   */
  public PipelineSearch(
      RetrievalProperties.Search defaults,
      Map<String, RetrievalProperties.Search> perPipeline,
      Embedder embedder) {
    this(defaults, perPipeline, embedder, KbFusion.NONE);
  }

  /** Settings whose searches of a calibrated KB use its own weights ({@link KbFusion}). */
  public PipelineSearch(
      RetrievalProperties.Search defaults,
      Map<String, RetrievalProperties.Search> perPipeline,
      Embedder embedder,
      KbFusion kbFusion) {
    this(defaults, perPipeline, embedder, kbFusion, null);
  }

  /**
   * @param embedding where questions are embedded beside the lexical leg ({@link FusionPolicy});
   *     {@code null} to embed them before the search
   */
  public PipelineSearch(
      RetrievalProperties.Search defaults,
      Map<String, RetrievalProperties.Search> perPipeline,
      Embedder embedder,
      KbFusion kbFusion,
      Executor embedding) {
    this.defaults = defaults;
    this.defaultPolicy = new FusionPolicy(defaults, embedder, kbFusion, embedding);
    this.settings = Map.copyOf(perPipeline);
    settings.forEach(
        (pipeline, s) ->
            policies.put(pipeline, new FusionPolicy(s, embedder, kbFusion, embedding)));
  }

  /** The candidate counts and weights of a pipeline's searches. */
  public RetrievalProperties.Search settings(String pipeline) {
    return settings.getOrDefault(pipeline, defaults);
  }

  /** How a pipeline's searches weigh their lexical and dense legs. */
  public FusionPolicy policy(String pipeline) {
    return policies.getOrDefault(pipeline, defaultPolicy);
  }
}
