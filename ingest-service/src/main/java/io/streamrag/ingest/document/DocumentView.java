package io.streamrag.ingest.document;

import io.streamrag.ingest.knowledge.DocumentOrigin;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A document as the admin API shows it, with its chunks as its manifest on {@code ingest.manifests}
 * counts them: {@code indexed_at} is empty until the pipeline has indexed it.
 */
final class DocumentView {

  private final TopicView<ChunkManifest> manifests;

  DocumentView(TopicView<ChunkManifest> manifests) {
    this.manifests = manifests;
  }

  Map<String, Object> of(KnowledgeDocumentPublished d) {
    boolean uploaded = DocumentOrigin.UPLOAD.equals(d.getOrigin());
    var manifest =
        manifests.get(d.getDocId()).filter(m -> !m.getUpdatedAt().isBefore(d.getPublishedAt()));
    var view = new LinkedHashMap<String, Object>();
    view.put("doc_id", d.getDocId());
    view.put("kb", d.getKbName());
    view.put("title", d.getTitle());
    view.put(
        "file_name",
        uploaded ? d.getFileName() : d.getSource().substring(d.getSource().indexOf('/') + 1));
    view.put("source", d.getSource());
    view.put("language", d.getLanguage());
    view.put("media_type", d.getMediaType());
    view.put(
        "bytes", uploaded ? d.getFileBytes() : d.getText().getBytes(StandardCharsets.UTF_8).length);
    view.put("origin", d.getOrigin());
    view.put("uploaded_at", d.getPublishedAt().toString());
    view.put("chunks", manifest.map(m -> m.getChunks().size()).orElse(null));
    view.put("indexed_at", manifest.map(m -> m.getUpdatedAt().toString()).orElse(null));
    return view;
  }
}
