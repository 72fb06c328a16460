package io.streamrag.ingest.admin;

import io.streamrag.kit.config.PipelineDefaults;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

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
                KnowledgeTopics.PIPELINE_CONFIGS.name(),
                PipelineConfigured.class,
                c -> c.getUpdatedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.bases =
        TopicView.followVersioned(
                readers,
                KnowledgeTopics.KB_CONFIGS.name(),
                KnowledgeBaseConfigured.class,
                c -> c.getUpdatedAt().toEpochMilli())
            .caughtUpWithin(timeout);
    this.writer = writer;
    this.clock = clock;
  }

  /** True when some knowledge base belongs to the pipeline. */
  public boolean pipelineExists(String pipeline) {
    return bases.values().stream().anyMatch(kb -> pipelinesOf(kb).contains(pipeline));
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
    writer.send(KnowledgeTopics.PIPELINE_CONFIGS, saved.getPipeline(), saved).join();
    pipelines.update(saved.getPipeline(), saved);
    return saved;
  }

  /** Publishes a knowledge base's new tone and waits for the broker. */
  public KnowledgeBaseConfigured saveTone(KnowledgeBaseConfigured kb, String tone) {
    var saved =
        KnowledgeBaseConfigured.newBuilder(kb).setTone(tone).setUpdatedAt(clock.instant()).build();
    writer.send(KnowledgeTopics.KB_CONFIGS, saved.getKbName(), saved).join();
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
    writer.send(KnowledgeTopics.KB_CONFIGS, saved.getKbName(), saved).join();
    bases.update(saved.getKbName(), saved);
    return saved;
  }

  /** Every knowledge base, by name. */
  public List<KnowledgeBaseConfigured> knowledgeBases() {
    return bases.values().stream()
        .sorted(Comparator.comparing(KnowledgeBaseConfigured::getKbName))
        .toList();
  }

  /** The names of the KBs that belong to a pipeline, sorted. */
  public List<String> kbsOf(String pipeline) {
    return knowledgeBases().stream()
        .filter(kb -> pipelinesOf(kb).contains(pipeline))
        .map(KnowledgeBaseConfigured::getKbName)
        .toList();
  }

  /** Every pipeline some KB belongs to, with its KBs. */
  public Map<String, List<String>> pipelines() {
    var pipelines = new TreeMap<String, List<String>>();
    knowledgeBases()
        .forEach(
            kb ->
                pipelinesOf(kb)
                    .forEach(
                        p ->
                            pipelines
                                .computeIfAbsent(p, k -> new ArrayList<>())
                                .add(kb.getKbName())));
    return pipelines;
  }

  /** Publishes a knowledge base's new configuration and waits for the broker. */
  public KnowledgeBaseConfigured saveKb(KnowledgeBaseConfigured.Builder kb) {
    var saved = kb.setUpdatedAt(clock.instant()).build();
    writer.send(KnowledgeTopics.KB_CONFIGS, saved.getKbName(), saved).join();
    bases.update(saved.getKbName(), saved);
    return saved;
  }

  /** The existing KBs an edit's field names (an array of KB names, not empty), else 400. */
  List<String> existingKbs(String key, JsonNode value) {
    var kbs = Edits.strings(key, value, KB_NAME, "knowledge base names", false);
    for (String kb : kbs) {
      if (bases.get(kb).isEmpty()) {
        throw new Edits.Invalid(key, "there is no knowledge base " + kb);
      }
    }
    return kbs;
  }

  /**
   * Makes exactly {@code kbs} belong to the pipeline: it joins the ones that lack it and leaves the
   * others. Refused whole (400) when a KB would be left in no pipeline.
   */
  void saveMembers(String pipeline, List<String> kbs) {
    var changed = new ArrayList<KnowledgeBaseConfigured.Builder>();
    for (var kb : knowledgeBases()) {
      var pipelines = new ArrayList<>(pipelinesOf(kb));
      boolean member = pipelines.contains(pipeline);
      if (member == kbs.contains(kb.getKbName())) {
        continue;
      }
      if (member) {
        pipelines.remove(pipeline);
      } else {
        pipelines.add(pipeline);
      }
      if (pipelines.isEmpty()) {
        throw new Edits.Invalid(
            "kbs",
            kb.getKbName()
                + " would belong to no pipeline; add it to another one first (PUT /admin/kbs/"
                + kb.getKbName()
                + ")");
      }
      changed.add(
          KnowledgeBaseConfigured.newBuilder(kb)
              .setPipelines(pipelines)
              .setPipeline(pipelines.get(0)));
    }
    changed.forEach(this::saveKb);
  }

  /** A KB's pipelines; a record written before {@code pipelines} existed names only one. */
  static List<String> pipelinesOf(KnowledgeBaseConfigured kb) {
    return kb.getPipelines().isEmpty() ? List.of(kb.getPipeline()) : kb.getPipelines();
  }

  /** What a KB or pipeline may be called: it is part of ids, sources and URLs. */
  static final String KB_NAME = "[a-z0-9][a-z0-9_-]{0,62}";

  @Override
  public void close() {
    pipelines.close();
    bases.close();
  }
}
