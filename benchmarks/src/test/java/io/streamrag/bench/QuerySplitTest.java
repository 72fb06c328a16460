package io.streamrag.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The dev/test halves of a set's queries: fixed by the id, disjoint, about even, stable. */
class QuerySplitTest {

  static BeirSet set(List<String> ids) {
    var queries =
        ids.stream().map(id -> new BeirSet.Query(id, "question " + id, Map.of("d1", 1))).toList();
    return new BeirSet("s", List.of(new BeirSet.Doc("d1", "", "text")), queries);
  }

  static List<String> ids(int from, int to) {
    return IntStream.range(from, to).mapToObj(i -> "q" + i).toList();
  }

  @Test
  void aQueryIsAlwaysInTheSameHalf() {
    // Pinned: a change of method would silently move queries between dev and test.
    assertThat(QuerySplit.of("5")).isEqualTo("dev");
    assertThat(QuerySplit.of("1")).isEqualTo("test");
    assertThat(QuerySplit.of("c01")).isEqualTo("dev");
    assertThat(QuerySplit.of("train-0")).isEqualTo("test");
  }

  @Test
  void theHalvesAreDisjointAndTogetherTheWholeSet() {
    var set = set(ids(0, 300));

    var dev = set.half("dev").queries();
    var test = set.half("test").queries();

    assertThat(dev).doesNotContainAnyElementsOf(test);
    assertThat(dev.size() + test.size()).isEqualTo(300);
    assertThat(set.half("all").queries()).isEqualTo(set.queries());
    assertThat(set.half("dev").corpus()).isEqualTo(set.corpus());
  }

  @Test
  void eachHalfHoldsAboutHalfTheQueries() {
    var set = set(ids(0, 1000));

    assertThat(set.half("dev").queries()).hasSizeBetween(450, 550);
    assertThat(set.half("test").queries()).hasSizeBetween(450, 550);
  }

  @Test
  void addingQueriesMovesNoQueryBetweenHalves() {
    var before = set(ids(0, 100)).half("dev").queries().stream().map(BeirSet.Query::id).toList();
    var grown = new ArrayList<>(ids(100, 400));
    grown.addAll(ids(0, 100)); // the old queries, now after new ones

    var after = set(grown).half("dev").queries().stream().map(BeirSet.Query::id).toList();

    assertThat(after).containsAll(before);
    assertThat(after).filteredOn(id -> ids(0, 100).contains(id)).hasSameSizeAs(before);
  }

  @Test
  void aTestOnlySetHasNoDevHalf() {
    var base = set(ids(0, 10));
    var testOnly = new BeirSet("long", base.corpus(), base.queries(), true);

    assertThat(testOnly.half("test").queries()).hasSize(10);
    assertThatThrownBy(() -> testOnly.half("dev"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("testing only");
  }

  @Test
  void splitOptionNamesTheBadValue() {
    assertThat(QuerySplit.parse("dev, test,dev")).containsExactly("dev", "test");
    assertThatThrownBy(() -> QuerySplit.parse("train"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("train");
  }
}
