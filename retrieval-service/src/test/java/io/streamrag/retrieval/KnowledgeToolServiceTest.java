package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
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
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;

/**
 * The query_knowledge tool through the broker (S2.1, S2.2, S2.5): calls on knowledge.requests,
 * answers on knowledge.replies. The test plays llm-service running its model's tool calls.
 */
class KnowledgeToolServiceTest extends ServiceOnBroker {

  static final ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> REPLIES =
      RequestReply.template(
          io.streamrag.kit.kafka.TopicReaders.outsideSpring(
              KAFKA.bootstrapServers(), java.time.Duration.ofSeconds(5)),
          ChatTopics.KNOWLEDGE_REPLIES,
          "test");
  static final RequestClient<KnowledgeToolAnswered> TOOL =
      new RequestClient<>(REPLIES, ChatTopics.KNOWLEDGE_REQUESTS, KnowledgeToolAnswered.class);

  @BeforeAll
  static void listenForReplies() throws InterruptedException {
    REPLIES.start();
    assertThat(REPLIES.waitForAssignment(WAIT)).isTrue();
  }

  @AfterAll
  static void stopListening() {
    REPLIES.stop();
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
    var reply = TOOL.call(call.getCallId(), call, WAIT);
    assertThat(reply.getCallId()).isEqualTo(call.getCallId());
    return reply;
  }
}
