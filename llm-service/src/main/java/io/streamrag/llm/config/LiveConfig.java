package io.streamrag.llm.config;

import io.streamrag.kit.config.PipelineDefaults;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The live prompt configuration (S0.3), followed on its compacted topics: each pipeline's
 * instructions, degraded-KB text and memory limits ({@code pipeline.configs}), and each knowledge
 * base's tone ({@code kb.configs}, S1.1). An administrator's change applies to the next message,
 * without a restart.
 */
public final class LiveConfig implements AutoCloseable {

  private final TopicView<PipelineConfigured> pipelines;
  private final TopicView<KnowledgeBaseConfigured> bases;

  /** Reads both topics to their end (or fails after {@code timeout}), then follows them. */
  public LiveConfig(TopicReaders readers, Duration timeout) {
    this.pipelines =
        TopicView.followed(
            readers, KnowledgeTopics.PIPELINE_CONFIGS.name(), PipelineConfigured.class, timeout);
    this.bases =
        TopicView.followed(
            readers, KnowledgeTopics.KB_CONFIGS.name(), KnowledgeBaseConfigured.class, timeout);
  }

  /** The pipeline's configuration as of now: its own, else the defaults. */
  public PipelineSettings settings(String pipeline) {
    return PipelineSettings.of(
        pipelines.get(pipeline).orElseGet(() -> PipelineDefaults.of(pipeline)));
  }

  /** The tone of each knowledge base of the pipeline as of now, blank ones left out. */
  public Map<String, String> tones(String pipeline) {
    var tones = new HashMap<String, String>();
    bases
        .asMap()
        .forEach(
            (kb, config) -> {
              boolean member =
                  config.getPipelines().isEmpty()
                      ? config.getPipeline().equals(pipeline)
                      : config.getPipelines().contains(pipeline);
              if (member && !config.getTone().isBlank()) {
                tones.put(kb, config.getTone());
              }
            });
    return tones;
  }

  /**
   * Every KB's data tables as of now ({@code tables/*.csv} of its folder), text by file name: the
   * agronomy the recommendations are computed from.
   */
  public Map<String, String> tables() {
    var tables = new java.util.TreeMap<String, String>();
    bases.asMap().values().forEach(config -> tables.putAll(config.getTables()));
    return tables;
  }

  /** The text of every KB's table named {@code file} as of now, by KB name. */
  public Map<String, String> tablesNamed(String file) {
    var tables = new java.util.TreeMap<String, String>();
    bases
        .asMap()
        .forEach(
            (kb, config) -> {
              String text = config.getTables().get(file);
              if (text != null) {
                tables.put(kb, text);
              }
            });
    return tables;
  }

  /**
   * Waits until the KB configs read so far include everything on their topic as of now; false after
   * {@code timeout}. For a lookup that found nothing: not yet read, or not there.
   */
  public boolean catchUpKnowledgeBases(Duration timeout) {
    return bases.catchUp(timeout);
  }

  @Override
  public void close() {
    pipelines.close();
    bases.close();
  }
}
