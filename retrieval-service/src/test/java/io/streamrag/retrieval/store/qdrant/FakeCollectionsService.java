package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.invalid;
import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.unimplemented;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.qdrant.client.grpc.Collections.AliasDescription;
import io.qdrant.client.grpc.Collections.AliasOperations;
import io.qdrant.client.grpc.Collections.ChangeAliases;
import io.qdrant.client.grpc.Collections.CollectionConfig;
import io.qdrant.client.grpc.Collections.CollectionDescription;
import io.qdrant.client.grpc.Collections.CollectionExists;
import io.qdrant.client.grpc.Collections.CollectionExistsRequest;
import io.qdrant.client.grpc.Collections.CollectionExistsResponse;
import io.qdrant.client.grpc.Collections.CollectionInfo;
import io.qdrant.client.grpc.Collections.CollectionOperationResponse;
import io.qdrant.client.grpc.Collections.CollectionParams;
import io.qdrant.client.grpc.Collections.CollectionStatus;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.DeleteCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.GetCollectionInfoRequest;
import io.qdrant.client.grpc.Collections.GetCollectionInfoResponse;
import io.qdrant.client.grpc.Collections.ListAliasesRequest;
import io.qdrant.client.grpc.Collections.ListAliasesResponse;
import io.qdrant.client.grpc.Collections.ListCollectionsRequest;
import io.qdrant.client.grpc.Collections.ListCollectionsResponse;
import io.qdrant.client.grpc.CollectionsGrpc;
import java.util.TreeMap;

/** The fake's {@code qdrant.Collections} service: collections, metadata and aliases. */
final class FakeCollectionsService extends CollectionsGrpc.CollectionsImplBase {

  private final FakeQdrantServer fake;

  FakeCollectionsService(FakeQdrantServer fake) {
    this.fake = fake;
  }

  @Override
  public void create(CreateCollection request, StreamObserver<CollectionOperationResponse> out) {
    fake.answer(
        out,
        () -> {
          String name = request.getCollectionName();
          if (fake.collections.containsKey(name) || fake.aliases.containsKey(name)) {
            throw Status.ALREADY_EXISTS
                .withDescription("Wrong input: Collection `" + name + "` already exists!")
                .asRuntimeException();
          }
          if (!request.hasVectorsConfig()
              || !request.getVectorsConfig().hasParamsMap()
              || request.getVectorsConfig().getParamsMap().getMapMap().values().stream()
                  .anyMatch(v -> v.getDistance() != Distance.Cosine)) {
            throw unimplemented("collections other than named cosine vectors");
          }
          fake.collections.put(name, new FakeQdrantServer.Collection(request));
          return ok();
        });
  }

  @Override
  public void get(GetCollectionInfoRequest request, StreamObserver<GetCollectionInfoResponse> out) {
    fake.answer(
        out,
        () -> {
          var c = fake.resolve(request.getCollectionName());
          var params =
              CollectionParams.newBuilder()
                  .setShardNumber(1)
                  .setVectorsConfig(c.config.getVectorsConfig())
                  .setSparseVectorsConfig(c.config.getSparseVectorsConfig());
          var info =
              CollectionInfo.newBuilder()
                  .setStatus(CollectionStatus.Green)
                  .setPointsCount(c.points.size())
                  .putAllPayloadSchema(c.indexes)
                  .setConfig(
                      CollectionConfig.newBuilder()
                          .setParams(params)
                          .putAllMetadata(c.config.getMetadataMap()));
          return GetCollectionInfoResponse.newBuilder().setResult(info).build();
        });
  }

  @Override
  public void list(ListCollectionsRequest request, StreamObserver<ListCollectionsResponse> out) {
    fake.answer(
        out,
        () -> {
          var reply = ListCollectionsResponse.newBuilder();
          fake.collections
              .keySet()
              .forEach(n -> reply.addCollections(CollectionDescription.newBuilder().setName(n)));
          return reply.build();
        });
  }

  @Override
  public void collectionExists(
      CollectionExistsRequest request, StreamObserver<CollectionExistsResponse> out) {
    fake.answer(
        out,
        () ->
            CollectionExistsResponse.newBuilder()
                .setResult(
                    CollectionExists.newBuilder()
                        .setExists(fake.collections.containsKey(request.getCollectionName())))
                .build());
  }

  @Override
  public void delete(DeleteCollection request, StreamObserver<CollectionOperationResponse> out) {
    fake.answer(
        out,
        () -> {
          boolean existed = fake.collections.remove(request.getCollectionName()) != null;
          fake.aliases.values().removeIf(request.getCollectionName()::equals);
          return CollectionOperationResponse.newBuilder().setResult(existed).build();
        });
  }

  /** All actions apply, in order, or none does: an alias switch is atomic. */
  @Override
  public void updateAliases(
      ChangeAliases request, StreamObserver<CollectionOperationResponse> out) {
    fake.answer(
        out,
        () -> {
          var next = new TreeMap<>(fake.aliases);
          for (AliasOperations action : request.getActionsList()) {
            switch (action.getActionCase()) {
              case CREATE_ALIAS -> {
                var create = action.getCreateAlias();
                if (!fake.collections.containsKey(create.getCollectionName())) {
                  throw Status.NOT_FOUND
                      .withDescription("Collection `" + create.getCollectionName() + "` not found")
                      .asRuntimeException();
                }
                if (next.containsKey(create.getAliasName())
                    || fake.collections.containsKey(create.getAliasName())) {
                  throw invalid("Alias `" + create.getAliasName() + "` already exists");
                }
                next.put(create.getAliasName(), create.getCollectionName());
              }
              case DELETE_ALIAS -> {
                if (next.remove(action.getDeleteAlias().getAliasName()) == null) {
                  throw Status.NOT_FOUND
                      .withDescription("Alias `" + action.getDeleteAlias().getAliasName() + "`")
                      .asRuntimeException();
                }
              }
              default -> throw unimplemented("alias action " + action.getActionCase());
            }
          }
          fake.aliases.clear();
          fake.aliases.putAll(next);
          return ok();
        });
  }

  @Override
  public void listAliases(ListAliasesRequest request, StreamObserver<ListAliasesResponse> out) {
    fake.answer(
        out,
        () -> {
          var reply = ListAliasesResponse.newBuilder();
          fake.aliases.forEach(
              (alias, collection) ->
                  reply.addAliases(
                      AliasDescription.newBuilder()
                          .setAliasName(alias)
                          .setCollectionName(collection)));
          return reply.build();
        });
  }

  private static CollectionOperationResponse ok() {
    return CollectionOperationResponse.newBuilder().setResult(true).build();
  }
}
