package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.QdrantCalls.await;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.WithPayloadSelectorFactory;
import io.qdrant.client.WithVectorsSelectorFactory;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsIdsList;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.PointsUpdateOperation;
import io.qdrant.client.grpc.Points.PointsUpdateOperation.DeletePoints;
import io.qdrant.client.grpc.Points.PointsUpdateOperation.PointStructList;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.streamrag.retrieval.store.Candidate;
import io.streamrag.retrieval.store.ChunkStore;
import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.StoredChunk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The production chunk store: a Qdrant collection with a named cosine multivector ({@code dense}:
 * the chunk's embedding windows, scored by the best, MaxSim) and a sparse lexical vector ({@code
 * lexical}, see {@link LexicalVectors}), searched with the S1.6 tenant filter on every leg and
 * fused by reciprocal rank (see {@link HybridSearch}).
 *
 * <p>Writes go to the physical collection {@code <alias>_g<N>} through alias {@code <alias>}; a new
 * generation is created and the alias switched atomically by {@link #open} with {@code
 * newGeneration}. The collection's metadata records the embedding model and dimension, and a store
 * refuses to open a collection of another model. The applied offsets live in a reserved point
 * ({@link ChunkPoints#STATE}) that no tenant filter matches, so a restart resumes where it stopped.
 *
 * <p>Upserts and deletes are buffered in order and sent as one batch update with {@code wait=true}
 * at {@link #refresh()} (or every 256 changes, or at a checkpoint): like Lucene's near-real-time
 * reopen, a change is searchable once refresh returns, and one round trip carries a whole poll of
 * index changes. Checkpoints send the pending changes and the offsets in the same ordered batch.
 */
public final class QdrantChunkStore implements ChunkStore {

  private static final Logger log = LoggerFactory.getLogger(QdrantChunkStore.class);
  private static final int MAX_PENDING = 256;

  private final QdrantClient client;
  private final String alias;
  private final String collection;
  private final int dimension;
  private final LexicalVectors lexical = new LexicalVectors();
  private final HybridSearch hybrid;
  private final List<PointsUpdateOperation> pending = new ArrayList<>();
  private final Map<String, String> pendingNotes = new java.util.concurrent.ConcurrentHashMap<>();
  static final String NOTES = "notes";

  private QdrantChunkStore(QdrantClient client, String alias, String collection, int dimension) {
    this.client = client;
    this.alias = alias;
    this.collection = collection;
    this.dimension = dimension;
    this.hybrid = new HybridSearch(client, alias, lexical);
  }

  /**
   * A client for a Qdrant server's gRPC port; it checks the server's version on first use.
   *
   * @param apiKey the API key, or blank for none
   */
  public static QdrantClient connect(String host, int port, String apiKey, boolean useTls) {
    var builder =
        QdrantGrpcClient.newBuilder(host, port, useTls, true).withTimeout(Duration.ofSeconds(30));
    if (apiKey != null && !apiKey.isBlank()) {
      builder.withApiKey(apiKey);
    }
    return new QdrantClient(builder.build());
  }

  /**
   * Opens the store behind an alias, creating generation 1 when the alias does not exist yet.
   *
   * @param client the client, closed with the store (and on a refused open)
   * @param alias the alias searches and writes go through
   * @param dimension vector length of the embedder
   * @param model the embedding model of every vector in the collection
   * @param newGeneration create generation N+1 and switch the alias to it, e.g. after a model
   *     change; the new generation starts empty and is rebuilt from index.changes
   * @throws IllegalStateException when the alias names a collection of another model
   */
  public static QdrantChunkStore open(
      QdrantClient client, String alias, int dimension, String model, boolean newGeneration) {
    try {
      var generations = new Generations(client, alias);
      String current = newGeneration ? null : generations.current();
      if (current == null) {
        current = generations.next(dimension, model);
        log.info(
            "Qdrant alias {} now names the new, empty collection {} for {}: index.changes rebuilds"
                + " it",
            alias,
            current,
            model);
      } else {
        generations.requireModel(current, dimension, model);
        if (!generations.hasCurrentLayout(current)) {
          String old = current;
          current = generations.next(dimension, model);
          log.warn(
              "the Qdrant collection {} has the layout of an older version (one vector per"
                  + " chunk): alias {} now names the new, empty collection {}, rebuilt from"
                  + " index.changes with every chunk's embedding windows; {} is kept",
              old,
              alias,
              current,
              old);
        }
      }
      return new QdrantChunkStore(client, alias, current, dimension);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /** The physical collection this store writes to ({@code <alias>_g<N>}). */
  public String collection() {
    return collection;
  }

  @Override
  public synchronized void upsert(StoredChunk c) {
    for (float[] window : c.windows()) {
      if (window.length != dimension) {
        throw new IllegalArgumentException(
            "vector of "
                + c.pointId()
                + " has "
                + window.length
                + " dimensions, the collection "
                + dimension);
      }
    }
    PointStruct point = ChunkPoints.point(c, lexical.document(c.text(), c.language()));
    enqueue(
        PointsUpdateOperation.newBuilder()
            .setUpsert(PointStructList.newBuilder().addPoints(point))
            .build());
  }

  @Override
  public synchronized void delete(String pointId) {
    var ids = PointsIdsList.newBuilder().addIds(ChunkPoints.id(pointId));
    enqueue(
        PointsUpdateOperation.newBuilder()
            .setDeletePoints(
                DeletePoints.newBuilder().setPoints(PointsSelector.newBuilder().setPoints(ids)))
            .build());
  }

  /** Sends the buffered changes with {@code wait=true}: they are searchable when this returns. */
  @Override
  public synchronized void refresh() {
    flush(List.of());
  }

  @Override
  public List<Candidate> search(SearchQuery query) {
    return hybrid.search(query);
  }

  @Override
  public long size() {
    return await(client.countAsync(alias, ChunkPoints.chunks(), true), "count " + alias);
  }

  @Override
  public List<StoredChunk> knowledgeOf(String kb, int max) {
    var scroll =
        io.qdrant.client.grpc.Points.ScrollPoints.newBuilder()
            .setCollectionName(alias)
            .setFilter(ChunkPoints.knowledgeOf(kb))
            .setLimit(max)
            .setWithPayload(WithPayloadSelectorFactory.enable(true))
            .setWithVectors(WithVectorsSelectorFactory.enable(false))
            .build();
    return await(client.scrollAsync(scroll), "scroll " + kb + " in " + alias)
        .getResultList()
        .stream()
        .map(p -> ChunkPoints.chunk(p.getPayloadMap()))
        .toList();
  }

  @Override
  public Map<String, String> notes() {
    var notes = new TreeMap<String, String>();
    Value stored = statePayload().get(NOTES);
    if (stored != null) {
      stored.getStructValue().getFieldsMap().forEach((k, v) -> notes.put(k, v.getStringValue()));
    }
    notes.putAll(pendingNotes);
    return notes;
  }

  @Override
  public void note(String key, String value) {
    pendingNotes.put(key, value);
  }

  private Map<String, Value> statePayload() {
    List<RetrievedPoint> state =
        await(
            client.retrieveAsync(
                collection,
                List.of(ChunkPoints.STATE),
                WithPayloadSelectorFactory.enable(true),
                WithVectorsSelectorFactory.enable(false),
                null),
            "read the state of " + collection);
    return state.isEmpty() ? Map.of() : state.get(0).getPayloadMap();
  }

  @Override
  public Map<Integer, Long> appliedOffsets() {
    var offsets = new TreeMap<Integer, Long>();
    Value stored = statePayload().get("offsets");
    if (stored != null) {
      stored
          .getStructValue()
          .getFieldsMap()
          .forEach((p, o) -> offsets.put(Integer.parseInt(p), o.getIntegerValue()));
    }
    return offsets;
  }

  /** Sends pending changes and then the offsets, in one ordered batch with {@code wait=true}. */
  @Override
  public synchronized void checkpoint(Map<Integer, Long> offsets) {
    flush(
        List.of(
            PointsUpdateOperation.newBuilder()
                .setUpsert(
                    PointStructList.newBuilder().addPoints(ChunkPoints.state(offsets, notes())))
                .build()));
  }

  @Override
  public void close() {
    client.close();
  }

  private void enqueue(PointsUpdateOperation operation) {
    pending.add(operation);
    if (pending.size() >= MAX_PENDING) {
      flush(List.of());
    }
  }

  /** Pending changes stay pending when the batch fails, so the next flush retries them. */
  private void flush(List<PointsUpdateOperation> after) {
    if (pending.isEmpty() && after.isEmpty()) {
      return;
    }
    var batch = new ArrayList<>(pending);
    batch.addAll(after);
    await(
        client.batchUpdateAsync(collection, batch, true, null, null),
        "apply " + batch.size() + " changes to " + collection);
    pending.clear();
  }
}
