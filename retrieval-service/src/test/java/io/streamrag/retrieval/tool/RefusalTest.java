package io.streamrag.retrieval.tool;

import static io.streamrag.retrieval.tool.ToolFixture.MINE;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * S2.5: a call may search only KBs of its request's pipeline, with arguments that make a search. A
 * refused call searches nothing and says precisely why; a foreign KB is a security event.
 */
class RefusalTest {

  final ToolFixture fixture = new ToolFixture();
  final ObservedStore store = new ObservedStore(fixture.lucene);
  final KnowledgeTool tool = fixture.tool(store, Duration.ofSeconds(10));
  final LogCapture security = new LogCapture("security");

  @AfterEach
  void close() {
    security.close();
    fixture.close();
  }

  @Test
  void aKbOfAnotherPipelineIsRefusedAndNothingIsSearched() {
    // given a croplogic request whose model names the reference pipeline's KB beside its own
    var call = ToolFixture.query(MINE, List.of("irrigation", "units"), "soil moisture units", 5);

    // when it searches
    var reply = tool.answer(call);

    // then the call is refused, naming the KB, and no KB was searched, not even its own
    assertThat(reply.getError()).isEqualTo("knowledge base 'units' is not in pipeline croplogic");
    assertThat(reply.getResults()).isEmpty();
    assertThat(reply.getFailedKbs()).isEmpty();
    assertThat(store.searches()).isEmpty();
    // and one security event says who tried what
    assertThat(security.lines(Level.WARN))
        .singleElement()
        .asString()
        .contains("security_event=kb_outside_pipeline")
        .contains("call_id=" + call.getCallId())
        .contains("request_id=" + call.getScope().getRequestId())
        .contains("user=farmer-1")
        .contains("pipeline=croplogic")
        .contains("refused_kbs=units");
  }

  @Test
  void severalForeignKbsAreNamedTogether() {
    // when the model names two KBs that are not croplogic's, one of them the reserved __all__
    var reply =
        tool.answer(ToolFixture.query(MINE, List.of("units", "__all__"), "soil moisture", 5));

    // then
    assertThat(reply.getError())
        .isEqualTo("knowledge bases 'units', '__all__' are not in pipeline croplogic");
    assertThat(security.lines(Level.WARN))
        .singleElement()
        .asString()
        .contains("refused_kbs=units,__all__");
  }

  @Test
  void aQueryWithoutKbsIsRefused() {
    var reply = tool.answer(ToolFixture.query(MINE, List.of(), "soil moisture", 5));

    assertThat(reply.getError())
        .isEqualTo(
            "kb_ids is empty: name one or more knowledge bases of pipeline croplogic"
                + " (action=list shows them)");
    assertThat(store.searches()).isEmpty();
    assertThat(security.lines(Level.WARN)).isEmpty();
  }

  @Test
  void aBlankQueryTextIsRefused() {
    var reply = tool.answer(ToolFixture.query(MINE, List.of("irrigation"), " \n ", 5));

    assertThat(reply.getError()).isEqualTo("query_text is blank: say what to search for");
    assertThat(store.searches()).isEmpty();
  }

  @Test
  void topKOutsideOneToTwentyIsRefused() {
    var none = tool.answer(ToolFixture.query(MINE, List.of("irrigation"), "water", 0));
    var tooMany = tool.answer(ToolFixture.query(MINE, List.of("irrigation"), "water", 21));
    var most = tool.answer(ToolFixture.query(MINE, List.of("irrigation"), "water", 20));

    assertThat(none.getError()).isEqualTo("top_k must be between 1 and 20, was 0");
    assertThat(tooMany.getError()).isEqualTo("top_k must be between 1 and 20, was 21");
    assertThat(most.getError()).isNull();
  }

  @Test
  void everyProblemOfACallIsNamedAtOnce() {
    var reply = tool.answer(ToolFixture.query(MINE, List.of("units"), "", -1));

    assertThat(reply.getError())
        .isEqualTo(
            "knowledge base 'units' is not in pipeline croplogic; query_text is blank: say what"
                + " to search for; top_k must be between 1 and 20, was -1");
  }
}
