package io.streamrag.schemas;

import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.util.List;
import java.util.Map;

/**
 * The knowledge topics: documents, knowledge bases and pipelines, and the index changes ingest
 * makes of them. Part of the catalogue ({@link Topics}).
 */
public final class KnowledgeTopics {

  public static final TopicSpec KB_DOCUMENTS =
      new TopicSpec(
          "kb.documents",
          KnowledgeDocumentPublished.class,
          "doc_id",
          "ingest-service",
          List.of("ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  public static final TopicSpec KB_CONFIGS =
      new TopicSpec(
          "kb.configs",
          KnowledgeBaseConfigured.class,
          "kb_name",
          "ingest-service",
          List.of("retrieval-service", "llm-service"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  /** Each pipeline's live prompts and memory limits (S0.3), written by the admin API. */
  public static final TopicSpec PIPELINE_CONFIGS =
      new TopicSpec(
          "pipeline.configs",
          PipelineConfigured.class,
          "pipeline",
          "ingest-service",
          List.of("llm-service"),
          TopicSpec.Cleanup.COMPACT,
          1,
          Map.of());

  public static final TopicSpec INDEX_CHANGES =
      new TopicSpec(
          "index.changes",
          IndexChanged.class,
          "point_id",
          "ingest-service",
          List.of("retrieval-service"),
          TopicSpec.Cleanup.COMPACT,
          6,
          Map.of());

  public static final TopicSpec INGEST_MANIFESTS =
      new TopicSpec(
          "ingest.manifests",
          ChunkManifest.class,
          "source_id",
          "ingest-service",
          List.of("ingest-service"),
          TopicSpec.Cleanup.COMPACT,
          3,
          Map.of());

  private KnowledgeTopics() {}
}
