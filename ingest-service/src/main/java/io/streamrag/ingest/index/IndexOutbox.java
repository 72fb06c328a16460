package io.streamrag.ingest.index;

import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import io.streamrag.schemas.sensor.SensorSnapshotUpdated;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;

/**
 * Everything ingest-service writes. Sends are synchronous (see {@code ingest-service.yml}): when a
 * handler returns, its outputs are on the broker, so committing the input offset loses nothing.
 */
@Component
public class IndexOutbox {

  private final StreamBridge bridge;

  IndexOutbox(StreamBridge bridge) {
    this.bridge = bridge;
  }

  public void snapshot(SensorSnapshotUpdated snapshot) {
    send("snapshots-out-0", snapshot.getSensorUuid(), snapshot);
  }

  public void indexChange(IndexChanged change) {
    send("index-out-0", change.getPointId(), change);
  }

  public void manifest(ChunkManifest manifest) {
    send("manifests-out-0", manifest.getSourceId(), manifest);
  }

  public void document(KnowledgeDocumentPublished document) {
    send("documents-out-0", document.getDocId(), document);
  }

  public void knowledgeBase(KnowledgeBaseConfigured kb) {
    send("configs-out-0", kb.getKbName(), kb);
  }

  private void send(String binding, String key, Object payload) {
    var message = MessageBuilder.withPayload(payload).setHeader(KafkaHeaders.KEY, key).build();
    if (!bridge.send(binding, message)) {
      throw new IllegalStateException("Kafka did not take the record for " + binding);
    }
  }
}
