package io.streamrag.ingest.index;

import io.streamrag.ingest.IngestProperties;
import io.streamrag.kit.embedding.CachedEmbedder;
import io.streamrag.kit.embedding.Embedder;
import io.streamrag.kit.kafka.TopicView;
import io.streamrag.kit.kafka.TopicWriter;
import io.streamrag.kit.text.Sha256;
import io.streamrag.schemas.Ids;
import io.streamrag.schemas.KnowledgeTopics;
import io.streamrag.schemas.index.ChunkManifest;
import io.streamrag.schemas.index.ChunkPayload;
import io.streamrag.schemas.index.IndexChanged;
import io.streamrag.schemas.index.IndexOp;
import io.streamrag.schemas.index.ManifestChunk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Turns the chunks of one source into index changes: embeds only chunks whose content changed since
 * the source's manifest (or all of them after a model change), upserts them, deletes chunks that
 * disappeared, then records the new manifest. A window embedded lately is not embedded again
 * ({@link CachedEmbedder}). Point ids are UUIDv5 of source and position, so redelivery and replay
 * overwrite instead of duplicating.
 */
@Component
public class ChunkIndexer {

  private final Embedder embedder;
  private final TopicView<ChunkManifest> manifests;
  private final Clock clock;
  private final int batchSize;

  /**
   * Sources whose last index changes the broker refused, with the chunks the index may still hold
   * from before: the manifest this view holds for them was written through ahead of the refusal, so
   * the next call trusts none of it, sends every chunk and deletes all the others.
   */
  private final Map<String, Set<String>> refused = new ConcurrentHashMap<>();

  ChunkIndexer(
      Embedder embedder,
      TopicView<ChunkManifest> manifests,
      Clock clock,
      IngestProperties properties) {
    // a reading whose meaning did not change (only its values did) reuses the window's vector
    this.embedder = new CachedEmbedder(embedder, CachedEmbedder.ENTRIES);
    this.manifests = manifests;
    this.clock = clock;
    this.batchSize = properties.embeddingBatchSize();
  }

  /** The embedder whose limits chunks must respect. */
  public Embedder embedder() {
    return embedder;
  }

  /**
   * The version of a source's manifest, -1 for none: it changes whenever the source is indexed, and
   * is {@link Long#MIN_VALUE} while its last index changes stand refused.
   */
  public long version(String sourceId) {
    if (refused.containsKey(sourceId)) {
      return Long.MIN_VALUE;
    }
    return manifests.get(sourceId).map(ChunkManifest::getVersion).orElse(-1L);
  }

  /** What one call changed. */
  public record Result(int embedded, int unchanged, int deleted) {}

  /**
   * Indexes the current chunks of a source.
   *
   * @param sourceId the document or snapshot the chunks come from
   * @param drafts its chunks, in order; their position is their chunk index
   * @param sourceReceivedAt when the fact behind them entered the system (freshness clock)
   * @param out the handler's batch: the changes are acknowledged with its other outputs
   */
  public Result index(
      String sourceId, List<ChunkDraft> drafts, Instant sourceReceivedAt, TopicWriter.Batch out) {
    var previous = manifests.get(sourceId);
    Map<String, String> before = new HashMap<>();
    // after a refusal, what the manifest says was sent may never have reached the index
    Set<String> unsure = refused.remove(sourceId);
    boolean sameModel =
        unsure == null
            && previous.map(m -> m.getEmbeddingModel().equals(embedder.modelId())).orElse(false);
    previous.ifPresent(
        m -> m.getChunks().forEach(c -> before.put(c.getPointId(), c.getContentHash())));
    if (unsure != null) {
      unsure.forEach(pointId -> before.putIfAbsent(pointId, ""));
    }

    var changed = new ArrayList<Integer>();
    var chunks = new ArrayList<ManifestChunk>();
    for (int i = 0; i < drafts.size(); i++) {
      String pointId = Ids.of(sourceId, String.valueOf(i));
      String hash = hash(drafts.get(i), i);
      chunks.add(new ManifestChunk(pointId, hash));
      if (!sameModel || !hash.equals(before.get(pointId))) {
        changed.add(i);
      }
    }
    var kept = chunks.stream().map(ManifestChunk::getPointId).toList();
    var gone = before.keySet().stream().filter(id -> !kept.contains(id)).sorted().toList();
    if (changed.isEmpty() && gone.isEmpty()) {
      return new Result(0, drafts.size(), 0);
    }

    Instant now = clock.instant();
    // 1. a chunk in a language the model cannot read gets no vector: lexical search finds it
    for (int i : changed) {
      if (!embedder.reads(drafts.get(i).language())) {
        out.send(
            KnowledgeTopics.INDEX_CHANGES,
            chunks.get(i).getPointId(),
            upsert(
                chunks.get(i).getPointId(),
                drafts.get(i),
                i,
                List.of(),
                embedder.modelId(),
                sourceReceivedAt,
                now));
      }
    }
    var dense = changed.stream().filter(i -> embedder.reads(drafts.get(i).language())).toList();
    // 2. embed each chunk as the windows the model reads whole, in batches of about batchSize
    int from = 0;
    while (from < dense.size()) {
      var windows = new ArrayList<List<String>>();
      int texts = 0;
      int to = from;
      while (to < dense.size() && (to == from || texts < batchSize)) {
        ChunkDraft d = drafts.get(dense.get(to++));
        var w = embedder.windows(d.embedHeading(), d.embedText());
        windows.add(w.isEmpty() ? List.of(d.embedHeading()) : w);
        texts += windows.get(windows.size() - 1).size();
      }
      var vectors = embedder.embedAll(windows.stream().flatMap(List::stream).toList());
      int next = 0;
      for (int b = 0; b < windows.size(); b++) {
        int i = dense.get(from + b);
        var own = vectors.subList(next, next + windows.get(b).size());
        next += own.size();
        out.send(
            KnowledgeTopics.INDEX_CHANGES,
            chunks.get(i).getPointId(),
            upsert(
                chunks.get(i).getPointId(),
                drafts.get(i),
                i,
                own,
                embedder.modelId(),
                sourceReceivedAt,
                now));
      }
      from = to;
    }
    for (String pointId : gone) {
      out.send(KnowledgeTopics.INDEX_CHANGES, pointId, delete(pointId, sourceReceivedAt, now));
    }
    long version = previous.map(ChunkManifest::getVersion).orElse(0L) + 1;
    var manifest = new ChunkManifest(sourceId, version, embedder.modelId(), chunks, now);
    out.send(KnowledgeTopics.INGEST_MANIFESTS, sourceId, manifest);
    manifests.update(sourceId, manifest);
    var mayHold = new HashSet<>(before.keySet());
    out.onFailure(() -> refused.merge(sourceId, mayHold, ChunkIndexer::union));
    return new Result(changed.size(), drafts.size() - changed.size(), gone.size());
  }

  /**
   * What {@link #index} does to each chunk of a source, but sending it or touching a manifest: its
   * content hashed and its upsert encoded, with {@code vector} as its only window. A warm-up's, so
   * the first real source finds this compiled.
   */
  public static void rehearse(List<ChunkDraft> drafts, float[] vector, String model) {
    Instant now = Instant.now();
    for (int i = 0; i < drafts.size(); i++) {
      String pointId = Ids.of(hash(drafts.get(i), i), String.valueOf(i));
      try {
        upsert(pointId, drafts.get(i), i, List.of(vector), model, now, now).toByteBuffer();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * An upsert whose first window's vector is {@code vector}, the later ones {@code moreWindows}.
   */
  private static IndexChanged upsert(
      String pointId,
      ChunkDraft d,
      int index,
      List<float[]> windows,
      String model,
      Instant receivedAt,
      Instant now) {
    return IndexChanged.newBuilder()
        .setPointId(pointId)
        .setOp(IndexOp.UPSERT)
        .setVector(windows.isEmpty() ? List.of() : floats(windows.get(0)))
        .setMoreWindows(
            windows.size() < 2
                ? List.of()
                : windows.subList(1, windows.size()).stream().map(ChunkIndexer::floats).toList())
        .setEmbeddingModel(model)
        .setPayload(
            new ChunkPayload(
                d.text(), d.source(), d.sensorUuid(), d.kbName(), index, d.docId(), d.language()))
        .setSourceReceivedAt(receivedAt)
        .setChangedAt(now)
        .build();
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    var all = new HashSet<>(a);
    all.addAll(b);
    return all;
  }

  private static List<Float> floats(float[] vector) {
    var values = new ArrayList<Float>(vector.length);
    for (float v : vector) {
      values.add(v);
    }
    return values;
  }

  private IndexChanged delete(String pointId, Instant receivedAt, Instant now) {
    return IndexChanged.newBuilder()
        .setPointId(pointId)
        .setOp(IndexOp.DELETE)
        .setEmbeddingModel(embedder.modelId())
        .setSourceReceivedAt(receivedAt)
        .setChangedAt(now)
        .build();
  }

  /** Everything the chunk's index change carries but its vector. */
  private static String hash(ChunkDraft d, int index) {
    return Sha256.hexOfFields(
        List.of(
            d.text(),
            d.embedHeading(),
            d.embedText(),
            d.source(),
            d.sensorUuid(),
            d.kbName(),
            d.docId(),
            d.language(),
            String.valueOf(index)));
  }
}
