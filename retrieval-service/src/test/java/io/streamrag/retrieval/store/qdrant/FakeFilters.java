package io.streamrag.retrieval.store.qdrant;

import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.invalid;
import static io.streamrag.retrieval.store.qdrant.FakeQdrantServer.unimplemented;

import io.qdrant.client.grpc.Common.Condition;
import io.qdrant.client.grpc.Common.FieldCondition;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.PointStruct;
import java.util.List;

/** Qdrant filter semantics for the fake: must (all), should (one if any), must_not (none). */
final class FakeFilters {

  private FakeFilters() {}

  static boolean passes(Filter f, PointStruct p, FakeQdrantServer.Collection c) {
    if (f.hasMinShould()) {
      throw unimplemented("min_should");
    }
    return f.getMustList().stream().allMatch(x -> holds(x, p, c))
        && f.getMustNotList().stream().noneMatch(x -> holds(x, p, c))
        && (f.getShouldCount() == 0 || f.getShouldList().stream().anyMatch(x -> holds(x, p, c)));
  }

  private static boolean holds(Condition condition, PointStruct p, FakeQdrantServer.Collection c) {
    return switch (condition.getConditionOneOfCase()) {
      case HAS_ID -> condition.getHasId().getHasIdList().contains(p.getId());
      case FILTER -> passes(condition.getFilter(), p, c);
      case FIELD -> field(condition.getField(), p, c);
      default -> throw unimplemented("condition " + condition.getConditionOneOfCase());
    };
  }

  private static boolean field(FieldCondition f, PointStruct p, FakeQdrantServer.Collection c) {
    if (!c.indexes.containsKey(f.getKey())) { // Qdrant's strict mode refuses unindexed filtering
      throw invalid("Bad request: Index required but not found for \"" + f.getKey() + "\"");
    }
    if (!f.hasMatch()) {
      throw unimplemented("field conditions other than match");
    }
    List<Value> values = values(p.getPayloadMap().get(f.getKey()));
    var match = f.getMatch();
    return switch (match.getMatchValueCase()) {
      case KEYWORD -> values.stream().anyMatch(v -> v.getStringValue().equals(match.getKeyword()));
      case KEYWORDS ->
          values.stream()
              .anyMatch(
                  v ->
                      v.hasStringValue()
                          && match.getKeywords().getStringsList().contains(v.getStringValue()));
      case INTEGER -> values.stream().anyMatch(v -> v.getIntegerValue() == match.getInteger());
      default -> throw unimplemented("match " + match.getMatchValueCase());
    };
  }

  /** A payload value as a list: arrays match when any element does. */
  private static List<Value> values(Value v) {
    if (v == null) {
      return List.of();
    }
    return v.hasListValue() ? v.getListValue().getValuesList() : List.of(v);
  }
}
