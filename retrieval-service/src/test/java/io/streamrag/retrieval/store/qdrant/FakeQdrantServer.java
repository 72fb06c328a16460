package io.streamrag.retrieval.store.qdrant;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.PayloadSchemaInfo;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.QdrantGrpc;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckReply;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A fake Qdrant, not Qdrant: an in-process gRPC server speaking the Qdrant protocol for the calls
 * {@code QdrantChunkStore} makes (health check, collections with metadata, aliases, payload
 * indexes, batch updates, get, count, query and query batch). It really evaluates filters, cosine
 * (MaxSim over multivectors, vectors returned when asked) and sparse (IDF-weighted) nearest search
 * and RRF fusion of prefetches, so a wrong request gives wrong results. Like Qdrant in strict mode,
 * it refuses to filter on a field without a payload index. Anything it does not implement fails
 * with {@code UNIMPLEMENTED}, never silently. Real Qdrant runs through docker-compose.
 */
public final class FakeQdrantServer implements AutoCloseable {

  /** A collection: its creation request, its payload indexes and its points in upsert order. */
  static final class Collection {
    final CreateCollection config;
    final Map<String, PayloadSchemaInfo> indexes = new TreeMap<>();
    final Map<PointId, PointStruct> points = new LinkedHashMap<>();

    Collection(CreateCollection config) {
      this.config = config;
    }
  }

  final Map<String, Collection> collections = new TreeMap<>();
  final Map<String, String> aliases = new TreeMap<>();
  private final String inProcessName; // null when listening on TCP
  private final Server server;

  private FakeQdrantServer(ServerBuilder<?> builder, String inProcessName) {
    this.inProcessName = inProcessName;
    this.server =
        builder
            .addService(new Health())
            .addService(new FakeCollectionsService(this))
            .addService(new FakePointsService(this))
            .build();
    try {
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Starts an empty server reachable in this process only, through {@link #client()}. */
  public static FakeQdrantServer start() {
    String name = "fake-qdrant-" + UUID.randomUUID();
    return new FakeQdrantServer(InProcessServerBuilder.forName(name).directExecutor(), name);
  }

  /** Starts an empty server on a free local TCP port, for clients that dial host and port. */
  public static FakeQdrantServer startOnPort() {
    return new FakeQdrantServer(
        Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create()), null);
  }

  /** The TCP port of a server from {@link #startOnPort()}. */
  public int port() {
    return server.getPort();
  }

  /** A new client of the official library, which checks the server's version first. */
  public QdrantClient client() {
    ManagedChannel channel =
        inProcessName != null
            ? InProcessChannelBuilder.forName(inProcessName).directExecutor().build()
            : ManagedChannelBuilder.forAddress("localhost", port()).usePlaintext().build();
    return new QdrantClient(QdrantGrpcClient.newBuilder(channel, true, true).build());
  }

  /** The collection a name or alias designates. */
  Collection resolve(String nameOrAlias) {
    Collection c = collections.get(aliases.getOrDefault(nameOrAlias, nameOrAlias));
    if (c == null) {
      throw Status.NOT_FOUND
          .withDescription("Not found: Collection `" + nameOrAlias + "` doesn't exist!")
          .asRuntimeException();
    }
    return c;
  }

  @Override
  public void close() {
    server.shutdownNow();
    try {
      server.awaitTermination();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Answers one unary call; protocol errors travel as gRPC statuses, as from Qdrant. */
  <T> void answer(StreamObserver<T> out, Supplier<T> call) {
    T reply;
    try {
      synchronized (this) {
        reply = call.get();
      }
    } catch (StatusRuntimeException e) {
      out.onError(e);
      return;
    }
    out.onNext(reply);
    out.onCompleted();
  }

  static StatusRuntimeException unimplemented(String what) {
    return Status.UNIMPLEMENTED
        .withDescription("the fake Qdrant does not implement " + what)
        .asRuntimeException();
  }

  static StatusRuntimeException invalid(String message) {
    return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
  }

  private final class Health extends QdrantGrpc.QdrantImplBase {
    @Override
    public void healthCheck(HealthCheckRequest request, StreamObserver<HealthCheckReply> out) {
      answer(
          out,
          () ->
              HealthCheckReply.newBuilder()
                  .setTitle("fake qdrant (test endpoint)")
                  .setVersion("1.18.0")
                  .build());
    }
  }
}
