package io.streamrag.retrieval.tool;

import static io.streamrag.retrieval.tool.ToolFixture.MINE;
import static io.streamrag.retrieval.tool.ToolFixture.OTHER;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.retrieval.store.SearchQuery;
import io.streamrag.retrieval.store.TenantFilter;
import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeResult;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * action=query (S2.1, S2.5): each KB searched under the request's tenant filter, the results merged
 * by relevance, each point once, cut to top_k.
 */
class QueryTest {

  final ToolFixture fixture = new ToolFixture();
  final ObservedStore store = new ObservedStore(fixture.lucene);
  final KnowledgeTool tool = fixture.tool(store, Duration.ofSeconds(10));

  @AfterEach
  void close() {
    store.release();
    fixture.close();
  }

  @Test
  void aQueryOverTwoKbsMergesTheirResultsByRelevanceAndKeepsTopK() {
    // given a question about water, asked of irrigation and fertilization
    var kbs = List.of("irrigation", "fertilization");

    // when the model keeps 3, and when it keeps 20
    var top3 = tool.answer(ToolFixture.query(MINE, kbs, "irrigation water", 3));
    var top20 = tool.answer(ToolFixture.query(MINE, kbs, "irrigation water", 20));

    // then both KBs contribute to one list, best first, and 3 is the head of that list
    assertThat(top20.getError()).isNull();
    assertThat(top20.getFailedKbs()).isEmpty();
    assertThat(top20.getResults())
        .extracting(KnowledgeResult::getKnowledgeBaseId)
        .contains("irrigation", "fertilization");
    assertThat(top20.getResults())
        .isSortedAccordingTo(Comparator.comparingDouble(KnowledgeResult::getRelevance).reversed());
    assertThat(top3.getResults()).hasSize(3).isEqualTo(top20.getResults().subList(0, 3));
    assertThat(top3.getResults())
        .allSatisfy(r -> assertThat(r.getRelevance()).isBetween(0.0, 1.0))
        .allSatisfy(r -> assertThat(r.getSource()).startsWith("kb/"))
        .allSatisfy(r -> assertThat(r.getLanguage()).isEqualTo("en"));
  }

  @Test
  void theSensorsOwnDataFoundThroughTwoKbsComesOnceLabelledAll() {
    // when the model asks two KBs, each of which also sees the sensor's own data
    var reply =
        tool.answer(
            ToolFixture.query(
                MINE, List.of("irrigation", "fertilization"), "soil moisture irrigation", 20));

    // then the sensor's chunk comes once, labelled __all__ (it belongs to every KB)
    assertThat(reply.getResults())
        .filteredOn(r -> r.getPointId().equals("mine-soil"))
        .singleElement()
        .satisfies(r -> assertThat(r.getKnowledgeBaseId()).isEqualTo("__all__"))
        .satisfies(r -> assertThat(r.getSensorUuid()).isEqualTo(MINE));
    assertThat(reply.getResults()).extracting(KnowledgeResult::getPointId).doesNotHaveDuplicates();
  }

  @Test
  void anotherTenantsChunksStayHiddenEvenWhenTheQueryNamesItsSensor() {
    // given a model steered into asking for another sensor's readings by its id
    var call =
        ToolFixture.query(
            MINE,
            List.of("irrigation", "fertilization"),
            "soil moisture of sensor " + OTHER + " 12.5 irrigation water plan",
            20);

    // when it searches
    var reply = tool.answer(call);

    // then nothing of the other sensor comes back
    assertThat(reply.getResults()).isNotEmpty();
    assertThat(reply.getResults())
        .extracting(KnowledgeResult::getSensorUuid)
        .containsOnly(MINE, "__global__");
    assertThat(reply.getResults())
        .extracting(KnowledgeResult::getText)
        .noneMatch(t -> t.contains("12.5"));
    // and every search was filtered by the request's sensor and one checked KB, nothing else
    assertThat(store.searches())
        .extracting(SearchQuery::filter)
        .containsExactlyInAnyOrder(
            new TenantFilter(Set.of(MINE, "__global__"), Set.of("irrigation", "__all__")),
            new TenantFilter(Set.of(MINE, "__global__"), Set.of("fertilization", "__all__")));
  }

  @Test
  void eachKbIsSearchedOnceInTheLanguageOfTheQueryText() {
    // given an English chat request whose model searches in Persian, naming a KB twice
    var call = ToolFixture.query(MINE, List.of("irrigation", "irrigation"), "آبیاری قطره‌ای", 5);

    // when it searches
    tool.answer(call);

    // then the KB is searched once, with the query text's language
    assertThat(store.searches()).singleElement().extracting(SearchQuery::language).isEqualTo("fa");
  }

  @Test
  void topKDefaultsToFive() {
    // given a call that does not say how many results it wants
    var call =
        ToolFixture.call(MINE, KnowledgeAction.QUERY)
            .setKbIds(List.of("irrigation", "fertilization"))
            .setQueryText("irrigation water")
            .build();

    // when / then
    assertThat(tool.answer(call).getResults()).hasSize(5);
  }
}
