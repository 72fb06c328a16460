package io.streamrag.retrieval.store.qdrant;

import static io.qdrant.client.ValueFactory.value;
import static io.streamrag.retrieval.store.qdrant.QdrantCalls.await;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.grpc.Collections.AliasDescription;
import io.qdrant.client.grpc.Collections.AliasOperations;
import io.qdrant.client.grpc.Collections.CollectionInfo;
import io.qdrant.client.grpc.Collections.CreateAlias;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.DeleteAlias;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.KeywordIndexParams;
import io.qdrant.client.grpc.Collections.Modifier;
import io.qdrant.client.grpc.Collections.MultiVectorComparator;
import io.qdrant.client.grpc.Collections.MultiVectorConfig;
import io.qdrant.client.grpc.Collections.PayloadIndexParams;
import io.qdrant.client.grpc.Collections.PayloadSchemaType;
import io.qdrant.client.grpc.Collections.SparseVectorConfig;
import io.qdrant.client.grpc.Collections.SparseVectorParams;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Collections.VectorParamsMap;
import io.qdrant.client.grpc.Collections.VectorsConfig;
import io.qdrant.client.grpc.JsonWithInt.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Index generations behind one alias: the store searches and writes through alias {@code <alias>},
 * which names one physical collection {@code <alias>_g<N>}. A new generation is a new collection
 * plus one atomic alias switch; the old generation stays until an operator deletes it.
 */
final class Generations {

  static final String MODEL = "embedding_model";
  static final String DIMENSION = "dimension";

  /**
   * How points are laid out; a collection of another layout is replaced by a new generation at
   * start, rebuilt from index.changes. 3: a chunk's sparse vector also holds its adjacent Persian
   * words joined ({@code LexicalVectors}); 2: {@code dense} is a multivector of the chunk's
   * embedding windows, scored by its best window (MaxSim); 1 (unrecorded): one dense vector.
   */
  static final String LAYOUT = "layout";

  static final String CURRENT_LAYOUT = "3";

  private final QdrantClient client;
  private final String alias;

  Generations(QdrantClient client, String alias) {
    this.client = client;
    this.alias = alias;
  }

  /** The collection the alias names, or {@code null} when there is no alias yet. */
  String current() {
    return await(client.listAliasesAsync(), "list aliases").stream()
        .filter(a -> a.getAliasName().equals(alias))
        .map(AliasDescription::getCollectionName)
        .findFirst()
        .orElse(null);
  }

  /** Creates generation N+1 for vectors of this model and points the alias at it. */
  String next(int dimension, String model) {
    String previous = current();
    String name = alias + "_g" + (highest() + 1);
    create(name, dimension, model);
    var switchOver = new ArrayList<AliasOperations>();
    if (previous != null) {
      switchOver.add(
          AliasOperations.newBuilder()
              .setDeleteAlias(DeleteAlias.newBuilder().setAliasName(alias))
              .build());
    }
    switchOver.add(
        AliasOperations.newBuilder()
            .setCreateAlias(CreateAlias.newBuilder().setAliasName(alias).setCollectionName(name))
            .build());
    await(client.updateAliasesAsync(switchOver), "switch alias " + alias + " to " + name);
    return name;
  }

  /** True when the collection has the current layout ({@link #LAYOUT}). */
  boolean hasCurrentLayout(String collection) {
    CollectionInfo info = await(client.getCollectionInfoAsync(collection), "read " + collection);
    Value layout = info.getConfig().getMetadataMap().get(LAYOUT);
    return layout != null && CURRENT_LAYOUT.equals(layout.getStringValue());
  }

  /** Refuses a collection whose vectors come from another model, saying what to do. */
  void requireModel(String collection, int dimension, String model) {
    CollectionInfo info = await(client.getCollectionInfoAsync(collection), "read " + collection);
    Value indexed = info.getConfig().getMetadataMap().get(MODEL);
    String holds = indexed == null ? "an unrecorded model" : indexed.getStringValue();
    VectorParams dense =
        info.getConfig()
            .getParams()
            .getVectorsConfig()
            .getParamsMap()
            .getMapMap()
            .get(ChunkPoints.DENSE);
    long size = dense == null ? 0 : dense.getSize();
    if (holds.equals(model) && size == dimension) {
      return;
    }
    throw new IllegalStateException(
        "the Qdrant collection "
            + collection
            + " behind alias "
            + alias
            + " holds vectors of "
            + holds
            + " ("
            + size
            + " dimensions) but this service embeds questions with "
            + model
            + " ("
            + dimension
            + " dimensions): start once with retrieval.qdrant.new-generation=true"
            + " (QDRANT_NEW_GENERATION) to create the next generation and rebuild it from"
            + " index.changes after re-embedding with ingest-service, or configure the same model");
  }

  private int highest() {
    var pattern = Pattern.compile(Pattern.quote(alias) + "_g(\\d+)");
    List<String> names = await(client.listCollectionsAsync(), "list collections");
    return names.stream()
        .map(pattern::matcher)
        .filter(Matcher::matches)
        .mapToInt(m -> Integer.parseInt(m.group(1)))
        .max()
        .orElse(0);
  }

  private void create(String name, int dimension, String model) {
    var dense =
        VectorParams.newBuilder()
            .setSize(dimension)
            .setDistance(Distance.Cosine)
            .setMultivectorConfig(
                MultiVectorConfig.newBuilder().setComparator(MultiVectorComparator.MaxSim))
            .build();
    await(
        client.createCollectionAsync(
            CreateCollection.newBuilder()
                .setCollectionName(name)
                .setVectorsConfig(
                    VectorsConfig.newBuilder()
                        .setParamsMap(
                            VectorParamsMap.newBuilder().putMap(ChunkPoints.DENSE, dense)))
                .setSparseVectorsConfig(
                    SparseVectorConfig.newBuilder()
                        .putMap(
                            ChunkPoints.LEXICAL,
                            SparseVectorParams.newBuilder().setModifier(Modifier.Idf).build()))
                .putMetadata(MODEL, value(model))
                .putMetadata(DIMENSION, value(dimension))
                .putMetadata(LAYOUT, value(CURRENT_LAYOUT))
                .build()),
        "create " + name);
    // sensor_uuid is the tenant key: Qdrant co-locates each tenant's points when told so
    index(name, ChunkPoints.SENSOR, true);
    index(name, ChunkPoints.KB, false);
  }

  private void index(String collection, String field, boolean tenant) {
    await(
        client.createPayloadIndexAsync(
            collection,
            field,
            PayloadSchemaType.Keyword,
            PayloadIndexParams.newBuilder()
                .setKeywordIndexParams(KeywordIndexParams.newBuilder().setIsTenant(tenant))
                .build(),
            true,
            null,
            null),
        "index " + field + " of " + collection);
  }
}
