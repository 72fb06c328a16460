package io.streamrag.retrieval.tool;

import static io.streamrag.retrieval.tool.ToolFixture.MINE;
import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeBaseListed;
import io.streamrag.schemas.chat.RetrievalScopes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** action=list (S2.1): the model learns which KBs its request's pipeline has, and only those. */
class ListingTest {

  final ToolFixture fixture = new ToolFixture();
  final KnowledgeTool tool = fixture.tool();

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void listingGivesThePipelinesKnowledgeBasesById() {
    // given a request of the croplogic pipeline
    var call = ToolFixture.list(MINE);

    // when the model lists
    var reply = tool.answer(call);

    // then it sees croplogic's three KBs by id, none of the reference pipeline's
    assertThat(reply.getError()).isNull();
    assertThat(reply.getAction()).isEqualTo(KnowledgeAction.LIST);
    assertThat(reply.getCallId()).isEqualTo(call.getCallId());
    assertThat(reply.getKnowledgeBases())
        .extracting(KnowledgeBaseListed::getKbId)
        .containsExactly("chat", "fertilization", "irrigation");
    assertThat(reply.getResults()).isEmpty();
  }

  @Test
  void eachListedKbHasItsDisplayNameElseItsIdWithDescriptionAndLanguages() {
    // when the model lists
    var kbs = tool.answer(ToolFixture.list(MINE)).getKnowledgeBases();

    // then people's names, descriptions and languages come with the ids
    assertThat(kbs)
        .extracting(KnowledgeBaseListed::getName)
        .containsExactly("chat", "Fertilization / کوددهی", "Irrigation / آبیاری");
    assertThat(kbs.get(2).getDescription()).isEqualTo("what irrigation knows");
    assertThat(kbs.get(2).getLanguages()).containsExactly("fa", "en");
  }

  @Test
  void aPipelineWithoutKnowledgeBasesListsNone() {
    // given a request of a pipeline kb.configs does not know
    var call =
        ToolFixture.call(MINE, KnowledgeAction.LIST)
            .setScope(RetrievalScopes.of(ToolFixture.chat(MINE, "nowhere")))
            .build();

    // when / then
    assertThat(tool.answer(call).getKnowledgeBases()).isEmpty();
  }
}
