package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.invalid;
import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.unimplemented;

import io.grpc.stub.StreamObserver;
import io.qdrant.client.grpc.Collections.PayloadIndexParams;
import io.qdrant.client.grpc.Collections.PayloadSchemaInfo;
import io.qdrant.client.grpc.Collections.PayloadSchemaType;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.CountPoints;
import io.qdrant.client.grpc.Points.CountResponse;
import io.qdrant.client.grpc.Points.CountResult;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.GetPoints;
import io.qdrant.client.grpc.Points.GetResponse;
import io.qdrant.client.grpc.Points.MultiDenseVector;
import io.qdrant.client.grpc.Points.NamedVectors;
import io.qdrant.client.grpc.Points.NamedVectorsOutput;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsOperationResponse;
import io.qdrant.client.grpc.Points.PointsUpdateOperation;
import io.qdrant.client.grpc.Points.QueryBatchPoints;
import io.qdrant.client.grpc.Points.QueryBatchResponse;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.QueryResponse;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.UpdateBatchPoints;
import io.qdrant.client.grpc.Points.UpdateBatchResponse;
import io.qdrant.client.grpc.Points.UpdateResult;
import io.qdrant.client.grpc.Points.UpdateStatus;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.VectorOutput;
import io.qdrant.client.grpc.Points.Vectors;
import io.qdrant.client.grpc.Points.VectorsOutput;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import io.qdrant.client.grpc.Points.WithVectorsSelector;
import io.qdrant.client.grpc.PointsGrpc;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The fake's {@code qdrant.Points} service: batch updates, get, count, indexes, queries. */
final class FakePointsService extends PointsGrpc.PointsImplBase {

  private final FakeQdrantServer fake;

  FakePointsService(FakeQdrantServer fake) {
    this.fake = fake;
  }

  /** Applies every operation in order; a bad point rejects the batch before any change. */
  @Override
  public void updateBatch(UpdateBatchPoints request, StreamObserver<UpdateBatchResponse> out) {
    fake.answer(
        out,
        () -> {
          var c = fake.resolve(request.getCollectionName());
          for (PointsUpdateOperation op : request.getOperationsList()) {
            if (op.hasUpsert()) {
              op.getUpsert().getPointsList().forEach(p -> validate(c, p));
            }
          }
          var reply = UpdateBatchResponse.newBuilder();
          for (PointsUpdateOperation op : request.getOperationsList()) {
            switch (op.getOperationCase()) {
              case UPSERT ->
                  op.getUpsert().getPointsList().forEach(p -> c.points.put(p.getId(), stored(p)));
              case DELETE_POINTS -> {
                var selector = op.getDeletePoints().getPoints();
                if (selector.hasPoints()) {
                  selector.getPoints().getIdsList().forEach(c.points::remove);
                } else {
                  c.points.values().removeIf(p -> FakeFilters.passes(selector.getFilter(), p, c));
                }
              }
              default -> throw unimplemented("update operation " + op.getOperationCase());
            }
            reply.addResult(UpdateResult.newBuilder().setStatus(UpdateStatus.Completed));
          }
          return reply.build();
        });
  }

  @Override
  public void createFieldIndex(
      CreateFieldIndexCollection request, StreamObserver<PointsOperationResponse> out) {
    fake.answer(
        out,
        () -> {
          var c = fake.resolve(request.getCollectionName());
          var schema =
              PayloadSchemaInfo.newBuilder()
                  .setDataType(PayloadSchemaType.forNumber(request.getFieldType().getNumber() + 1));
          if (request.hasFieldIndexParams()) {
            schema.setParams(request.getFieldIndexParams());
          } else {
            schema.setParams(PayloadIndexParams.getDefaultInstance());
          }
          c.indexes.put(request.getFieldName(), schema.build());
          return PointsOperationResponse.newBuilder()
              .setResult(UpdateResult.newBuilder().setStatus(UpdateStatus.Completed))
              .build();
        });
  }

  @Override
  public void get(GetPoints request, StreamObserver<GetResponse> out) {
    fake.answer(
        out,
        () -> {
          var c = fake.resolve(request.getCollectionName());
          var reply = GetResponse.newBuilder();
          for (PointId id : request.getIdsList()) {
            PointStruct p = c.points.get(id);
            if (p != null) {
              reply.addResult(
                  RetrievedPoint.newBuilder()
                      .setId(id)
                      .putAllPayload(payload(p, request.getWithPayload())));
            }
          }
          return reply.build();
        });
  }

  /** One page of points that pass the filter, in point-id order (no paging offset). */
  @Override
  public void scroll(
      io.qdrant.client.grpc.Points.ScrollPoints request,
      StreamObserver<io.qdrant.client.grpc.Points.ScrollResponse> out) {
    fake.answer(
        out,
        () -> {
          var c = fake.resolve(request.getCollectionName());
          var reply = io.qdrant.client.grpc.Points.ScrollResponse.newBuilder();
          c.points.values().stream()
              .filter(p -> passes(request.getFilter(), p, c))
              .limit(request.hasLimit() ? request.getLimit() : 10)
              .forEach(
                  p ->
                      reply.addResult(
                          RetrievedPoint.newBuilder()
                              .setId(p.getId())
                              .putAllPayload(payload(p, request.getWithPayload()))));
          return reply.build();
        });
  }

  @Override
  public void count(CountPoints request, StreamObserver<CountResponse> out) {
    fake.answer(
        out,
        () -> {
          var c = fake.resolve(request.getCollectionName());
          long n =
              c.points.values().stream().filter(p -> passes(request.getFilter(), p, c)).count();
          return CountResponse.newBuilder().setResult(CountResult.newBuilder().setCount(n)).build();
        });
  }

  @Override
  public void query(QueryPoints request, StreamObserver<QueryResponse> out) {
    fake.answer(out, () -> QueryResponse.newBuilder().addAllResult(run(request)).build());
  }

  @Override
  public void queryBatch(QueryBatchPoints request, StreamObserver<QueryBatchResponse> out) {
    fake.answer(
        out,
        () -> {
          var reply = QueryBatchResponse.newBuilder();
          for (QueryPoints q : request.getQueryPointsList()) {
            var named = q.toBuilder().setCollectionName(request.getCollectionName()).build();
            reply.addResult(BatchResult.newBuilder().addAllResult(run(named)));
          }
          return reply.build();
        });
  }

  private List<ScoredPoint> run(QueryPoints q) {
    var c = fake.resolve(q.getCollectionName());
    var filter = q.hasFilter() ? q.getFilter() : Filter.getDefaultInstance();
    long limit = q.hasLimit() ? q.getLimit() : 10;
    return new FakeRanking(c)
            .run(
                q.getPrefetchList(),
                q.hasQuery() ? q.getQuery() : null,
                q.getUsing(),
                filter,
                limit)
            .stream()
            .map(
                s ->
                    ScoredPoint.newBuilder()
                        .setId(s.id())
                        .setScore(s.score())
                        .putAllPayload(payload(c.points.get(s.id()), q.getWithPayload()))
                        .setVectors(vectors(c.points.get(s.id()), q.getWithVectors()))
                        .build())
            .toList();
  }

  private static boolean passes(Filter f, PointStruct p, FakeQdrantServer.Collection c) {
    return FakeFilters.passes(f, p, c);
  }

  /** Qdrant returns no payload unless asked. */
  private static Map<String, Value> payload(PointStruct p, WithPayloadSelector selector) {
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
  private static VectorsOutput vectors(PointStruct p, WithVectorsSelector selector) {
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
  private static void validate(FakeQdrantServer.Collection c, PointStruct p) {
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
  private static PointStruct stored(PointStruct p) {
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

  private static DenseVector unit(DenseVector v) {
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
