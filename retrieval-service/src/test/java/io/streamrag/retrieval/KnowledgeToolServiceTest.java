package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeBaseListed;
import io.streamrag.schemas.chat.KnowledgeResult;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalScopes;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The query_knowledge tool through the broker (S2.1, S2.2, S2.5): calls on knowledge.requests,
 * answers on knowledge.replies. The test plays llm-service running its model's tool calls.
 */
class KnowledgeToolServiceTest extends ServiceOnBroker {

  static final LlmCaller<KnowledgeToolAnswered> TOOL =
      new LlmCaller<>(
          ChatTopics.KNOWLEDGE_REQUESTS, ChatTopics.KNOWLEDGE_REPLIES, KnowledgeToolAnswered.class);

  @BeforeAll
  static void listenForReplies() throws InterruptedException {
    TOOL.start();
  }

  @AfterAll
  static void stopListening() {
    TOOL.stop();
  }

  @Test
  void theModelListsTheKnowledgeBasesOfItsPipeline() {
    // when the model of a croplogic chat lists
    var reply = call(KnowledgeAction.LIST, List.of(), "");

    // then it sees croplogic's KBs by id
    assertThat(reply.getError()).isNull();
    assertThat(reply.getKnowledgeBases())
        .extracting(KnowledgeBaseListed::getKbId)
        .containsExactly("chat", "fertilization", "irrigation");
  }

  @Test
  void theModelSearchesTwoKbsAndGetsTheirMergedResultsForItsSensorOnly() {
    // when the model searches irrigation and fertilization for soil moisture, keeping 3
    var reply =
        call(KnowledgeAction.QUERY, List.of("irrigation", "fertilization"), "رطوبت خاک 12.5");

    // then results of both KBs come, labelled, the caller's sensor's own data once, no one else's
    assertThat(reply.getError()).isNull();
    assertThat(reply.getFailedKbs()).isEmpty();
    assertThat(reply.getResults()).hasSize(3);
    assertThat(reply.getResults())
        .extracting(KnowledgeResult::getKnowledgeBaseId)
        .containsOnly("irrigation", "fertilization", "__all__");
    assertThat(reply.getResults())
        .extracting(KnowledgeResult::getSensorUuid)
        .containsOnly(MINE, "__global__");
    assertThat(reply.getResults()).extracting(KnowledgeResult::getPointId).doesNotHaveDuplicates();
  }

  @Test
  void aKbOutsideThePipelineIsRefused() {
    // when the model names a KB croplogic does not have
    var reply = call(KnowledgeAction.QUERY, List.of("irrigation", "units"), "رطوبت خاک");

    // then
    assertThat(reply.getError()).isEqualTo("knowledge base 'units' is not in pipeline croplogic");
    assertThat(reply.getResults()).isEmpty();
  }

  private KnowledgeToolAnswered call(KnowledgeAction action, List<String> kbIds, String query) {
    var call =
        KnowledgeToolCalled.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setScope(RetrievalScopes.of(chat(MINE, "رطوبت خاک من چقدر است؟")))
            .setAction(action)
            .setKbIds(kbIds)
            .setQueryText(query)
            .setTopK(3)
            .setRequestedAt(Instant.now())
            .build();
    var reply = TOOL.call(call.getCallId(), call);
    assertThat(reply.getCallId()).isEqualTo(call.getCallId());
    return reply;
  }
}
