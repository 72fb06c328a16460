package io.streamrag.retrieval.tool;

import static io.streamrag.retrieval.tool.ToolFixture.MINE;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * S2.6: every tool call leaves one INFO line with what it asked (call, request, action, argument
 * keys, KBs, top_k, the query's start), each KB's outcome and a summary.
 */
class CallLogTest {

  final ToolFixture fixture = new ToolFixture();
  final ObservedStore store = new ObservedStore(fixture.lucene);
  final KnowledgeTool tool = fixture.tool(store, Duration.ofSeconds(10));
  final LogCapture calls = new LogCapture(KnowledgeTool.class.getName());

  @AfterEach
  void close() {
    calls.close();
    store.release();
    fixture.close();
  }

  @Test
  void aQueryIsLoggedOnOneLineWithEachKbsOutcomeAndASummary() {
    // given fertilization fails
    store.with("fertilization", ObservedStore.Trouble.FAIL);
    var call =
        ToolFixture.query(MINE, List.of("irrigation", "fertilization"), "irrigation water", 3);

    // when the model searches both KBs
    var reply = tool.answer(call);

    // then one line says what was asked, how each KB did, and what came back
    assertThat(calls.lines(Level.INFO))
        .singleElement()
        .asString()
        .startsWith("knowledge_call ")
        .contains("call_id=" + call.getCallId())
        .contains("request_id=" + call.getScope().getRequestId())
        .contains("pipeline=croplogic")
        .contains("action=QUERY")
        .contains("params=kb_ids,query_text,top_k")
        .contains("kbs=irrigation,fertilization")
        .contains("top_k=3")
        .contains("query=\"irrigation water\"")
        .contains("outcomes=irrigation:ok:3,fertilization:failed:\"disk on fire\"")
        .contains("merged=3")
        .contains("failed=1")
        .contains("returned=" + reply.getResults().size())
        .contains("error=none")
        .containsPattern("took_ms=\\d+$");
  }

  @Test
  void aListIsLoggedToo() {
    tool.answer(ToolFixture.list(MINE));

    assertThat(calls.lines(Level.INFO))
        .singleElement()
        .asString()
        .contains("action=LIST")
        .contains("params= ")
        .contains("listed=3")
        .contains("returned=0");
  }

  @Test
  void aRefusedCallIsLoggedWithItsError() {
    tool.answer(ToolFixture.query(MINE, List.of("units"), "soil moisture", 5));

    assertThat(calls.lines(Level.INFO))
        .singleElement()
        .asString()
        .contains("kbs=units")
        .contains("outcomes= ")
        .contains("error=\"knowledge base 'units' is not in pipeline croplogic\"");
  }

  @Test
  void aLongQueryIsPreviewedInAtMostEightyCharacters() {
    // given a query of 200 characters
    String query = "irrigation water ".repeat(11) + "END OF THE QUESTION";

    // when the model searches with it
    tool.answer(ToolFixture.query(MINE, List.of("irrigation"), query, 5));

    // then the line carries its first 80 characters, the last one an ellipsis
    var logged = (ToolCallRecord) calls.events().get(0).getArgumentArray()[0];
    assertThat(logged.queryPreview()).hasSize(80).startsWith("irrigation water").endsWith("…");
    assertThat(calls.lines(Level.INFO).get(0)).doesNotContain("END OF THE QUESTION");
  }

  @Test
  void textFromTheModelCannotForgeALogLine() {
    // given a query and a KB id with line breaks, quotes and a fake security event
    var call =
        ToolFixture.query(
            MINE, List.of("units\nsecurity_event=none"), "water\" \nsecurity_event=none", 5);

    // when the model searches with them
    tool.answer(call);

    // then the line stays one line, with the model's words quoted
    assertThat(calls.lines(Level.INFO))
        .singleElement()
        .asString()
        .doesNotContain("\n")
        .contains("kbs=\"units security_event=none\"")
        .contains("query=\"water\\\" security_event=none\"");
  }
}
