package io.streamrag.retrieval.store.qdrant;

import static io.qdrant.client.ConditionFactory.hasId;
import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.ValueFactory.value;

import io.qdrant.client.PointIdFactory;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.MultiDenseVector;
import io.qdrant.client.grpc.Points.NamedVectors;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.SparseVector;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.Vectors;
import io.streamrag.retrieval.store.StoredChunk;
import io.streamrag.retrieval.store.TenantFilter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * How a chunk is laid out as a Qdrant point: ids, payload (S1.5), named vectors (the chunk's
 * embedding windows as one multivector, {@code dense}; its words as a sparse vector, {@code
 * lexical}), the filter.
 */
final class ChunkPoints {

  static final String DENSE = "dense";
  static final String LEXICAL = "lexical";
  static final String SENSOR = "sensor_uuid";
  static final String KB = "kb_name";
  static final String POINT_ID = "point_id";
  static final String TEXT = "text";
  static final String SOURCE = "source";
  static final String CHUNK = "chunk_index";
  static final String DOC = "doc_id";
  static final String LANG = "language";

  /** The reserved point that holds the applied offsets; it has no tenant fields, so no search. */
  static final PointId STATE = PointIdFactory.id(new UUID(0, 0));

  private ChunkPoints() {}

  /**
   * The Qdrant id of a chunk: the point id itself when it is a UUID (ingest makes UUIDv5 ids),
   * otherwise a name-based UUID of it, so any id maps to the same point every time.
   */
  static PointId id(String pointId) {
    try {
      UUID uuid = UUID.fromString(pointId);
      if (uuid.toString().equals(pointId.toLowerCase(Locale.ROOT))) {
        return PointIdFactory.id(uuid);
      }
    } catch (IllegalArgumentException notUuid) {
      // fall through to a name-based id
    }
    return PointIdFactory.id(UUID.nameUUIDFromBytes(pointId.getBytes(StandardCharsets.UTF_8)));
  }

  static PointStruct point(StoredChunk c, SparseVector lexical) {
    var vectors = NamedVectors.newBuilder();
    if (!c.windows().isEmpty()) { // a chunk the embedder cannot read is found by its words alone
      var windows = MultiDenseVector.newBuilder();
      for (float[] window : c.windows()) {
        windows.addVectors(dense(window));
      }
      vectors.putVectors(DENSE, Vector.newBuilder().setMultiDense(windows).build());
    }
    if (lexical.getIndicesCount() > 0) {
      vectors.putVectors(LEXICAL, Vector.newBuilder().setSparse(lexical).build());
    }
    return PointStruct.newBuilder()
        .setId(id(c.pointId()))
        .putAllPayload(
            Map.of(
                POINT_ID, value(c.pointId()),
                TEXT, value(c.text()),
                SOURCE, value(c.source()),
                SENSOR, value(c.sensorUuid()),
                KB, value(c.kbName()),
                CHUNK, value(c.chunkIndex()),
                DOC, value(c.docId()),
                LANG, value(c.language())))
        .setVectors(Vectors.newBuilder().setVectors(vectors))
        .build();
  }

  static DenseVector dense(float[] vector) {
    var dense = DenseVector.newBuilder();
    for (float f : vector) {
      dense.addData(f);
    }
    return dense.build();
  }

  /** The chunk a payload describes, without its vector. */
  static StoredChunk chunk(Map<String, Value> p) {
    return new StoredChunk(
        p.get(POINT_ID).getStringValue(),
        p.get(TEXT).getStringValue(),
        p.get(SOURCE).getStringValue(),
        p.get(SENSOR).getStringValue(),
        p.get(KB).getStringValue(),
        (int) p.get(CHUNK).getIntegerValue(),
        p.get(DOC).getStringValue(),
        p.get(LANG).getStringValue(),
        null);
  }

  /** S1.6 on a leg: {@code sensor_uuid ∈ sensors AND kb_name ∈ kbs}, never the state point. */
  static Filter tenant(TenantFilter f) {
    return Filter.newBuilder()
        .addMust(matchKeywords(SENSOR, List.copyOf(f.sensors())))
        .addMust(matchKeywords(KB, List.copyOf(f.kbs())))
        .addMustNot(hasId(STATE))
        .build();
  }

  /** Every chunk point: all but the state point. */
  static Filter chunks() {
    return Filter.newBuilder().addMustNot(hasId(STATE)).build();
  }

  /** Global knowledge of one KB. */
  static Filter knowledgeOf(String kb) {
    return Filter.newBuilder()
        .addMust(matchKeywords(SENSOR, List.of(io.streamrag.schemas.Scopes.GLOBAL_SENSOR)))
        .addMust(matchKeywords(KB, List.of(kb)))
        .addMustNot(hasId(STATE))
        .build();
  }

  static PointStruct state(Map<Integer, Long> offsets, Map<String, String> notes) {
    var struct = new HashMap<String, Value>();
    offsets.forEach((p, o) -> struct.put(String.valueOf(p), value(o)));
    var noted = new HashMap<String, Value>();
    notes.forEach((k, v) -> noted.put(k, value(v)));
    return PointStruct.newBuilder()
        .setId(STATE)
        .putPayload("offsets", value(struct))
        .putPayload(QdrantChunkStore.NOTES, value(noted))
        .setVectors(Vectors.newBuilder().setVectors(NamedVectors.getDefaultInstance()))
        .build();
  }
}
