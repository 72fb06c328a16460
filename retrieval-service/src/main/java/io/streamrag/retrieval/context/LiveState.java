package io.streamrag.retrieval.context;

import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.SensorTopics;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What retrieval keeps current besides the index: every sensor's latest snapshot (attached to its
 * owner's answers, S1.7) and the knowledge bases of each pipeline (for routing).
 */
public final class LiveState implements AutoCloseable {

  private final TopicView<SensorSnapshotUpdated> snapshots;
  private final TopicView<KnowledgeBaseConfigured> bases;

  /** Reads both topics to their end (or fails after {@code timeout}), then follows them. */
  public LiveState(TopicReaders readers, Duration timeout) {
    this.snapshots =
        TopicView.followed(
            readers, SensorTopics.SENSOR_SNAPSHOTS.name(), SensorSnapshotUpdated.class, timeout);
    this.bases =
        TopicView.followed(
            readers, KnowledgeTopics.KB_CONFIGS.name(), KnowledgeBaseConfigured.class, timeout);
  }

  public Optional<SensorSnapshotUpdated> snapshot(String sensorUuid) {
    return snapshots.get(sensorUuid);
  }

  /**
   * The snapshot's text in a language ({@code fa}, {@code ar}, else English). A snapshot published
   * before Arabic was rendered has no Arabic text: an Arabic question then gets the English one.
   */
  public static String textIn(SensorSnapshotUpdated s, String language) {
    return switch (language == null ? "" : language) {
      case "fa" -> s.getTextFa();
      case "ar" -> s.getTextAr().isEmpty() ? s.getTextEn() : s.getTextAr();
      default -> s.getTextEn();
    };
  }

  /** Every pipeline some knowledge base belongs to, sorted. */
  public List<String> pipelines() {
    var names = new java.util.TreeSet<String>();
    bases.values().forEach(kb -> names.addAll(kb.getPipelines()));
    bases.values().stream()
        .filter(kb -> kb.getPipelines().isEmpty() && kb.getPipeline() != null)
        .forEach(kb -> names.add(kb.getPipeline()));
    return List.copyOf(names);
  }

  /** The knowledge bases of a pipeline, by name; none for an unknown pipeline. */
  public List<KnowledgeBaseConfigured> knowledgeBases(String pipeline) {
    return bases.values().stream()
        .filter(
            kb ->
                kb.getPipelines().isEmpty()
                    ? kb.getPipeline().equals(pipeline) // written before pipelines existed
                    : kb.getPipelines().contains(pipeline))
        .sorted(java.util.Comparator.comparing(KnowledgeBaseConfigured::getKbName))
        .toList();
  }

  @Override
  public void close() {
    snapshots.close();
    bases.close();
  }
}
