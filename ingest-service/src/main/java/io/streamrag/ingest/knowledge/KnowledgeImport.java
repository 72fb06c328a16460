package io.streamrag.ingest.knowledge;

import io.streamrag.ingest.IngestProperties;
import io.streamrag.kit.kafka.TopicReaders;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.Scopes;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.KnowledgeDocumentPublished;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Publishes a knowledge folder's bases and documents. Only what differs from what is already on the
 * topics is published, so importing the same folder twice changes nothing; a document that left the
 * folder is published as deleted (an uploaded document never is: it was never in the folder).
 */
@Component
public class KnowledgeImport {

  private static final Logger log = LoggerFactory.getLogger(KnowledgeImport.class);

  private final TopicWriter writer;
  private final IngestProperties properties;
  private final TopicReaders readers;
  private final Clock clock;

  KnowledgeImport(
      TopicWriter writer, IngestProperties properties, TopicReaders readers, Clock clock) {
    this.writer = writer;
    this.properties = properties;
    this.readers = readers;
    this.clock = clock;
  }

  /** What an import published. */
  public record Summary(int bases, int published, int unchanged, int deleted) {}

  /** Imports the folder at {@code location}. */
  public Summary importFolder(String location) {
    var timeout = properties.startupTimeout();
    var documents =
        TopicView.load(
            readers,
            KnowledgeTopics.KB_DOCUMENTS.name(),
            KnowledgeDocumentPublished.class,
            timeout);
    var configs =
        TopicView.load(
            readers, KnowledgeTopics.KB_CONFIGS.name(), KnowledgeBaseConfigured.class, timeout);
    var bases = new KnowledgeFolder(location).read();
    var out = writer.batch();
    int published = 0;
    int unchanged = 0;
    int deleted = 0;
    var seen = new HashSet<String>();
    for (var base : bases) {
      List<String> pipelines =
          base.pipelines().isEmpty()
              ? List.of(properties.knowledge().pipeline())
              : base.pipelines();
      // The folder's tone replaces the published one only when tone.md itself changed: an
      // administrator's tone (PUT /admin/kbs/{kb}/tone) survives re-imports of an unchanged folder.
      String folderTone = Sha256.hex(base.tone());
      var current = configs.get(base.name());
      String tone =
          current.isPresent() && current.get().getFolderToneSha256().equals(folderTone)
              ? current.get().getTone()
              : base.tone();
      // Tables likewise, file by file: an administrator's table survives until its file changes.
      var folderTables = new TreeMap<String, String>();
      var tables = new TreeMap<String, String>();
      base.tables()
          .forEach(
              (file, text) -> {
                String hash = Sha256.hex(text);
                folderTables.put(file, hash);
                boolean unchangedInFolder =
                    current.isPresent()
                        && hash.equals(current.get().getFolderTablesSha256().get(file))
                        && current.get().getTables().containsKey(file);
                tables.put(file, unchangedInFolder ? current.get().getTables().get(file) : text);
              });
      // and a table an administrator added, that never came from the folder, stays
      current.ifPresent(
          c ->
              c.getTables()
                  .forEach(
                      (file, text) -> {
                        if (!c.getFolderTablesSha256().containsKey(file)) {
                          tables.putIfAbsent(file, text);
                        }
                      }));
      // kb.yml's fields likewise: an administrator's edit (PUT /admin/kbs/{kb}, PUT
      // /admin/pipelines/{p} with kbs) stays until kb.yml itself changes
      String folderMeta =
          Sha256.hexOfFields(
              List.of(
                  base.displayName(),
                  base.description(),
                  String.join(",", base.languages()),
                  String.join(",", pipelines)));
      var edited = current.filter(c -> c.getFolderMetaSha256().equals(folderMeta)).orElse(null);
      var config =
          KnowledgeBaseConfigured.newBuilder()
              .setKbName(base.name())
              .setDisplayName(edited != null ? edited.getDisplayName() : base.displayName())
              .setPipeline(edited != null ? edited.getPipeline() : pipelines.get(0))
              .setPipelines(edited != null ? edited.getPipelines() : pipelines)
              .setDescription(edited != null ? edited.getDescription() : base.description())
              .setTone(tone)
              .setLanguages(edited != null ? edited.getLanguages() : base.languages())
              .setUpdatedAt(clock.instant())
              .setFolderToneSha256(folderTone)
              .setTables(tables)
              .setFolderTablesSha256(folderTables)
              .setRoutingKeywords(current.map(c -> c.getRoutingKeywords()).orElse(List.of()))
              .setFolderMetaSha256(folderMeta)
              .build();
      if (!sameConfig(configs.get(base.name()).orElse(null), config)) {
        out.send(KnowledgeTopics.KB_CONFIGS, base.name(), config);
      }
      for (var doc : base.documents()) {
        seen.add(doc.docId());
        String hash = Sha256.hex(doc.title() + "\n" + doc.text());
        var existing = documents.get(doc.docId());
        if (existing.isPresent()
            && !existing.get().getDeleted()
            && existing.get().getContentHash().equals(hash)) {
          unchanged++;
          continue;
        }
        out.send(
            KnowledgeTopics.KB_DOCUMENTS,
            doc.docId(),
            KnowledgeDocumentPublished.newBuilder()
                .setDocId(doc.docId())
                .setKbName(doc.kbName())
                .setSensorUuid(Scopes.GLOBAL_SENSOR)
                .setSource(doc.source())
                .setTitle(doc.title())
                .setLanguage(doc.language())
                .setText(doc.text())
                .setContentHash(hash)
                .setPublishedAt(clock.instant())
                .build());
        published++;
      }
    }
    var names = bases.stream().map(KnowledgeFolder.Base::name).toList();
    for (var old : documents.values()) {
      // an uploaded document (POST /admin/kbs/{kb}/documents) was never in the folder
      boolean fromFolder = !DocumentOrigin.UPLOAD.equals(old.getOrigin());
      if (fromFolder
          && names.contains(old.getKbName())
          && !old.getDeleted()
          && !seen.contains(old.getDocId())) {
        out.send(
            KnowledgeTopics.KB_DOCUMENTS,
            old.getDocId(),
            KnowledgeDocumentPublished.newBuilder(old)
                .setDeleted(true)
                .setPublishedAt(clock.instant())
                .build());
        deleted++;
      }
    }
    out.await();
    var summary = new Summary(bases.size(), published, unchanged, deleted);
    log.info("Knowledge import from {}: {}", location, summary);
    return summary;
  }

  private static boolean sameConfig(KnowledgeBaseConfigured a, KnowledgeBaseConfigured b) {
    return a != null
        && a.getPipelines().equals(b.getPipelines())
        && a.getDisplayName().equals(b.getDisplayName())
        && a.getDescription().equals(b.getDescription())
        && a.getTone().equals(b.getTone())
        && a.getLanguages().equals(b.getLanguages())
        && a.getFolderToneSha256().equals(b.getFolderToneSha256())
        && a.getTables().equals(b.getTables())
        && a.getFolderTablesSha256().equals(b.getFolderTablesSha256())
        && a.getRoutingKeywords().equals(b.getRoutingKeywords())
        && a.getFolderMetaSha256().equals(b.getFolderMetaSha256());
  }
}
