package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.invalid;
import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.unimplemented;

import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.MultiDenseVector;
import io.qdrant.client.grpc.Points.NamedVectors;
import io.qdrant.client.grpc.Points.NamedVectorsOutput;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.VectorOutput;
import io.qdrant.client.grpc.Points.Vectors;
import io.qdrant.client.grpc.Points.VectorsOutput;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import io.qdrant.client.grpc.Points.WithVectorsSelector;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A point as the fake stores and returns it: checked, normalised, and cut to what was asked. */
final class FakePoints {

  private FakePoints() {}

  /** Qdrant returns no payload unless asked. */
  static Map<String, Value> payload(PointStruct p, WithPayloadSelector selector) {
    return switch (selector.getSelectorOptionsCase()) {
      case ENABLE -> selector.getEnable() ? p.getPayloadMap() : Map.of();
      case INCLUDE -> {
        var kept = new TreeMap<>(p.getPayloadMap());
        kept.keySet().retainAll(new HashSet<>(selector.getInclude().getFieldsList()));
        yield kept;
      }
      default -> Map.of();
    };
  }

  /** Qdrant returns no vectors unless asked: all of them, or the named ones. */
  static VectorsOutput vectors(PointStruct p, WithVectorsSelector selector) {
    var names =
        switch (selector.getSelectorOptionsCase()) {
          case ENABLE -> selector.getEnable() ? null : List.<String>of();
          case INCLUDE -> selector.getInclude().getNamesList();
          default -> List.<String>of();
        };
    var out = NamedVectorsOutput.newBuilder();
    p.getVectors()
        .getVectors()
        .getVectorsMap()
        .forEach(
            (name, v) -> {
              if (names == null || names.contains(name)) {
                var o = VectorOutput.newBuilder();
                switch (v.getVectorCase()) {
                  case DENSE -> o.setDense(v.getDense());
                  case SPARSE -> o.setSparse(v.getSparse());
                  case MULTI_DENSE -> o.setMultiDense(v.getMultiDense());
                  default -> throw unimplemented("vectors of kind " + v.getVectorCase());
                }
                out.putVectors(name, o.build());
              }
            });
    return VectorsOutput.newBuilder().setVectors(out).build();
  }

  /** Named vectors must exist in the collection and dense ones have its dimension. */
  static void validate(FakeQdrantServer.Collection c, PointStruct p) {
    if (!p.getVectors().hasVectors() && p.getVectors().hasVector()) {
      throw invalid("Wrong input: Not existing vector name error: (unnamed)");
    }
    var dense = c.config.getVectorsConfig().getParamsMap().getMapMap();
    var sparse = c.config.getSparseVectorsConfig().getMapMap();
    p.getVectors()
        .getVectors()
        .getVectorsMap()
        .forEach(
            (name, v) -> {
              if (v.hasDense() && dense.containsKey(name)) {
                long expected = dense.get(name).getSize();
                if (v.getDense().getDataCount() != expected) {
                  throw invalid(
                      "Wrong input: Vector dimension error: expected dim: "
                          + expected
                          + ", got "
                          + v.getDense().getDataCount());
                }
              } else if (v.hasMultiDense() && dense.containsKey(name)) {
                if (!dense.get(name).hasMultivectorConfig()) {
                  throw invalid("Wrong input: Conversion between multi and regular vectors failed");
                }
                long expected = dense.get(name).getSize();
                if (v.getMultiDense().getVectorsCount() == 0) {
                  throw invalid("Validation error: multivector must not be empty");
                }
                for (DenseVector one : v.getMultiDense().getVectorsList()) {
                  if (one.getDataCount() != expected) {
                    throw invalid(
                        "Wrong input: Vector dimension error: expected dim: "
                            + expected
                            + ", got "
                            + one.getDataCount());
                  }
                }
              } else if (v.hasSparse() && sparse.containsKey(name)) {
                var indices = v.getSparse().getIndicesList();
                if (indices.size() != v.getSparse().getValuesCount()
                    || new HashSet<>(indices).size() != indices.size()) {
                  throw invalid("Validation error in JSON body: sparse indices must be unique");
                }
              } else {
                throw invalid("Wrong input: Not existing vector name error: " + name);
              }
            });
  }

  /** Cosine vectors are stored normalised, as Qdrant does. */
  static PointStruct stored(PointStruct p) {
    var vectors = NamedVectors.newBuilder();
    p.getVectors()
        .getVectors()
        .getVectorsMap()
        .forEach(
            (name, v) -> {
              if (v.hasDense()) {
                v = Vector.newBuilder().setDense(unit(v.getDense())).build();
              } else if (v.hasMultiDense()) {
                var units = MultiDenseVector.newBuilder();
                v.getMultiDense().getVectorsList().forEach(d -> units.addVectors(unit(d)));
                v = Vector.newBuilder().setMultiDense(units).build();
              }
              vectors.putVectors(name, v);
            });
    return p.toBuilder().setVectors(Vectors.newBuilder().setVectors(vectors)).build();
  }

  static DenseVector unit(DenseVector v) {
    var unit = DenseVector.newBuilder();
    for (float f : normalised(v.getDataList())) {
      unit.addData(f);
    }
    return unit.build();
  }

  static float[] normalised(List<Float> v) {
    double norm = 0;
    for (float f : v) {
      norm += f * f;
    }
    float[] out = new float[v.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = norm == 0 ? 0 : (float) (v.get(i) / Math.sqrt(norm));
    }
    return out;
  }
}
