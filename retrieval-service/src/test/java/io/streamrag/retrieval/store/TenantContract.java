package io.streamrag.retrieval.store;

import static io.streamrag.retrieval.store.ChunkStoreContract.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ChunkStore} does to keep each caller to its own sensors and routed KBs (S1.6);
 * part of {@link ChunkStoreContract}, which every adapter's test extends.
 */
interface TenantContract {

  ChunkStore store();

  @Test
  default void anotherSensorsChunkIsNeverReturnedEvenWhenItMatchesBest() {
    store().upsert(chunk("theirs", "soil moisture 12.5 percent", OTHER, "__all__", 1, 0, 0, 0));
    store().upsert(chunk("mine", "soil moisture 30 percent", MINE, "__all__", 0, 1, 0, 0));
    store().upsert(chunk("global", "soil moisture basics", "__global__", "irrigation", 0, 0, 1, 0));
    store().refresh();

    var hits =
        store()
            .search(
                new SearchQuery(
                    "soil moisture 12.5",
                    new float[] {1, 0, 0, 0},
                    TenantFilter.of(MINE, List.of("irrigation")),
                    10,
                    1,
                    1,
                    60));

    assertThat(ids(hits)).containsExactlyInAnyOrder("mine", "global");
  }

  @Test
  default void aChunkOfAnUnroutedKbIsNotReturned() {
    store()
        .upsert(
            chunk("fert", "nitrogen fertilizer rates", "__global__", "fertilization", 1, 0, 0, 0));
    store()
        .upsert(
            chunk(
                "irr",
                "nitrogen leaching by over-irrigation",
                "__global__",
                "irrigation",
                1,
                0,
                0,
                0));
    store().refresh();

    assertThat(ids(ContractSearches.lexical(store(), "nitrogen", MINE, "irrigation")))
        .containsExactly("irr");
  }

  @Test
  default void aSensorsNewReadingReplacesItsLastOnBothLegsAndItsDeletionRemovesIt() {
    // Given my sensor's reading chunk, embedded as two windows, among global knowledge
    store().upsert(myReadings("mine-readings", "soil moisture 12.5 percent at dawn", 0));
    store().upsert(chunk("global", "soil moisture basics", "__global__", "chat", 1, 0, 0, 0));
    store().refresh();
    var both =
        new SearchQuery(
            "soil moisture percent",
            new float[] {0, 1, 0, 0},
            TenantFilter.of(MINE, List.of("chat")),
            10,
            1,
            1,
            60);
    var first = store().search(both);
    assertThat(ids(first)).containsExactly("mine-readings", "global");
    assertThat(first.get(0).lexicalRank()).isEqualTo(1);
    assertThat(first.get(0).denseRank()).isEqualTo(1);
    assertThat(first.get(0).denseSimilarity()).isCloseTo(1.0, within(1e-5));
    assertThat(store().size()).isEqualTo(2);

    // When a new reading replaces it, with another vector
    store().upsert(chunk("mine-readings", "soil moisture 31 percent", MINE, "__all__", 1, 0, 0, 0));
    store().refresh();

    // Then only the new text and vector are found, once
    var again = store().search(both);
    assertThat(ids(again)).containsExactlyInAnyOrder("mine-readings", "global");
    assertThat(again.stream().filter(c -> c.chunk().pointId().equals("mine-readings")))
        .singleElement()
        .satisfies(c -> assertThat(c.chunk().text()).isEqualTo("soil moisture 31 percent"));
    assertThat(ids(ContractSearches.lexical(store(), "dawn", MINE, "chat"))).isEmpty();
    assertThat(ids(ContractSearches.lexical(store(), "dawn 31", OTHER, "chat")))
        .as("never another sensor's")
        .isEmpty();
    assertThat(store().size()).isEqualTo(2);

    // And once deleted it is found by neither leg
    store().delete("mine-readings");
    store().refresh();
    assertThat(ids(store().search(both))).containsExactly("global");
    assertThat(store().size()).isEqualTo(1);
  }

  @Test
  default void aCallerWithSeveralSensorsSeesEachOfThemAndNoOneElses() {
    String second = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    store().upsert(chunk("mine", "leaf wetness high in block A", MINE, "__all__", 1, 0, 0, 0));
    store().upsert(chunk("second", "leaf wetness low in block B", second, "__all__", 1, 0, 0, 0));
    store().upsert(chunk("theirs", "leaf wetness in block C", OTHER, "__all__", 1, 0, 0, 0));
    store().refresh();

    var hits =
        store()
            .search(
                new SearchQuery(
                    "leaf wetness",
                    new float[] {1, 0, 0, 0},
                    new TenantFilter(
                        java.util.Set.of(MINE, second, "__global__"), java.util.Set.of("__all__")),
                    10,
                    1,
                    1,
                    60));

    assertThat(ids(hits)).containsExactlyInAnyOrder("mine", "second");
  }
}
