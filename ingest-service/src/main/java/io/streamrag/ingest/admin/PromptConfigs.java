package io.streamrag.ingest.admin;

import io.streamrag.kit.config.PipelineDefaults;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The prompt configuration ingest-service writes (the one writer of both topics): each pipeline's
 * instructions, degraded-KB text and memory limits on {@code pipeline.configs}, and each knowledge
 * base's tone and data tables on {@code kb.configs}. llm-service follows both and applies a change
 * to the next message (S0.3).
 */
public final class PromptConfigs implements AutoCloseable {

  private final TopicView<PipelineConfigured> pipelines;
  private final TopicView<KnowledgeBaseConfigured> bases;
  private final TopicWriter writer;
  private final Clock clock;

  public PromptConfigs(TopicReaders readers, TopicWriter writer, Clock clock, Duration timeout) {
    this.pipelines =
        TopicView.followVersioned(
                readers,
                Topics.PIPELINE_CONFIGS.name(),
                PipelineConfigured.class,
                c -> c.getUpdatedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.bases =
        TopicView.followVersioned(
                readers,
                Topics.KB_CONFIGS.name(),
                KnowledgeBaseConfigured.class,
                c -> c.getUpdatedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.writer = writer;
    this.clock = clock;
  }

  /** True when some knowledge base belongs to the pipeline. */
  public boolean pipelineExists(String pipeline) {
    return bases.values().stream()
        .anyMatch(
            kb ->
                kb.getPipelines().contains(pipeline)
                    || (kb.getPipelines().isEmpty() && kb.getPipeline().equals(pipeline)));
  }

  /** The pipeline's configuration as llm-service applies it: its own, else the defaults. */
  public PipelineConfigured pipeline(String pipeline) {
    return pipelines.get(pipeline).orElseGet(() -> PipelineDefaults.of(pipeline));
  }

  public Optional<KnowledgeBaseConfigured> knowledgeBase(String kb) {
    return bases.get(kb);
  }

  /** Publishes a pipeline's new configuration and waits for the broker. */
  public PipelineConfigured save(PipelineConfigured.Builder config, String by) {
    var saved = config.setUpdatedAt(clock.instant()).setUpdatedBy(by).build();
    writer.send(Topics.PIPELINE_CONFIGS, saved.getPipeline(), saved).join();
    pipelines.update(saved.getPipeline(), saved);
    return saved;
  }

  /** Publishes a knowledge base's new tone and waits for the broker. */
  public KnowledgeBaseConfigured saveTone(KnowledgeBaseConfigured kb, String tone) {
    var saved =
        KnowledgeBaseConfigured.newBuilder(kb).setTone(tone).setUpdatedAt(clock.instant()).build();
    writer.send(Topics.KB_CONFIGS, saved.getKbName(), saved).join();
    bases.update(saved.getKbName(), saved);
    return saved;
  }

  /** Publishes a knowledge base's edited table and waits for the broker. */
  public KnowledgeBaseConfigured saveTable(KnowledgeBaseConfigured kb, String file, String text) {
    var tables = new java.util.TreeMap<>(kb.getTables());
    tables.put(file, text);
    var saved =
        KnowledgeBaseConfigured.newBuilder(kb)
            .setTables(tables)
            .setUpdatedAt(clock.instant())
            .build();
    writer.send(Topics.KB_CONFIGS, saved.getKbName(), saved).join();
    bases.update(saved.getKbName(), saved);
    return saved;
  }

  @Override
  public void close() {
    pipelines.close();
    bases.close();
  }
}
