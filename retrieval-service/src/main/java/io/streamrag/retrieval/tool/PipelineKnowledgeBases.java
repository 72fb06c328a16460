package io.streamrag.retrieval.tool;

import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.util.List;

/**
 * The knowledge bases of a pipeline as {@code kb.configs} says now: what the tool lists, and the
 * only KBs a call from that pipeline may search (S2.5). In the service, {@code
 * LiveState::knowledgeBases}.
 */
@FunctionalInterface
public interface PipelineKnowledgeBases {

  /** The pipeline's knowledge bases; none for an unknown pipeline. */
  List<KnowledgeBaseConfigured> of(String pipeline);
}
