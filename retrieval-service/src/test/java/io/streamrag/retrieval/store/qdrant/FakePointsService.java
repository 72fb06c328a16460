package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.unimplemented;

import io.grpc.stub.StreamObserver;
import io.qdrant.client.grpc.Collections.PayloadIndexParams;
import io.qdrant.client.grpc.Collections.PayloadSchemaInfo;
import io.qdrant.client.grpc.Collections.PayloadSchemaType;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.CountPoints;
import io.qdrant.client.grpc.Points.CountResponse;
import io.qdrant.client.grpc.Points.CountResult;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.GetPoints;
import io.qdrant.client.grpc.Points.GetResponse;
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
import io.qdrant.client.grpc.PointsGrpc;
import java.util.List;

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
              op.getUpsert().getPointsList().forEach(p -> FakePoints.validate(c, p));
            }
          }
          var reply = UpdateBatchResponse.newBuilder();
          for (PointsUpdateOperation op : request.getOperationsList()) {
            switch (op.getOperationCase()) {
              case UPSERT ->
                  op.getUpsert()
                      .getPointsList()
                      .forEach(p -> c.points.put(p.getId(), FakePoints.stored(p)));
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
                      .putAllPayload(FakePoints.payload(p, request.getWithPayload())));
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
                              .putAllPayload(FakePoints.payload(p, request.getWithPayload()))));
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
                        .putAllPayload(FakePoints.payload(c.points.get(s.id()), q.getWithPayload()))
                        .setVectors(FakePoints.vectors(c.points.get(s.id()), q.getWithVectors()))
                        .build())
            .toList();
  }

  private static boolean passes(Filter f, PointStruct p, FakeQdrantServer.Collection c) {
    return FakeFilters.passes(f, p, c);
  }
}
