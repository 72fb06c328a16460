package io.streamrag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.chat.RetrievalScopes;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * retrieval-service alone against a real broker: retrieval calls in, contexts back as replies,
 * tenants apart. The test plays llm-service's part with the same request/reply client.
 */
class RetrievalServiceTest extends ServiceOnBroker {

  static final LlmCaller<ContextRetrieved> CALLS =
      new LlmCaller<>(
          ChatTopics.RETRIEVAL_REQUESTS, ChatTopics.RETRIEVAL_REPLIES, ContextRetrieved.class);

  @BeforeAll
  static void listenForReplies() throws InterruptedException {
    CALLS.start();
  }

  @AfterAll
  static void stopListening() {
    CALLS.stop();
  }

  @Test
  void aPersianMoistureQuestionIsRoutedSearchedRerankedAndGetsTheSensorsSnapshot() {
    var context = ask(MINE, "رطوبت خاک من چقدر است؟");

    assertThat(context.getKbNames()).containsExactly("irrigation");
    assertThat(context.getPassages()).hasSizeBetween(1, 3);
    assertThat(context.getPassages())
        .extracting(Passage::getSensorUuid)
        .containsOnly(MINE, "__global__");
    assertThat(context.getPassages())
        .extracting(Passage::getKbName)
        .containsOnly("irrigation", "__all__");
    assertThat(context.getPassages())
        .allSatisfy(p -> assertThat(p.getRelevance()).isBetween(0.0, 1.0));
    assertThat(context.getSnapshotText()).contains("رطوبت خاک 30 درصد");
    assertThat(context.getDegraded()).isFalse();
    // the reply no longer echoes the whole chat request back
    assertThat(context.getRequest()).isNull();
  }

  @Test
  void aCallOfAnOlderLlmServiceCarryingTheWholeChatIsAnsweredUnderItsFilter() {
    // Given a call as llm-service wrote it before the scope (rolling upgrade): chat, no scope
    var call =
        RetrievalRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setChat(chat(OTHER, "رطوبت خاک من چقدر است؟"))
            .setQuery("")
            .setRequestedAt(Instant.now())
            .build();

    var context = CALLS.call(call.getCallId(), call);

    // Then it searched the chat's message under the chat's sensor, never another's
    assertThat(context.getDegraded()).isFalse();
    assertThat(context.getSnapshotText()).contains("12.5");
    assertThat(context.getPassages())
        .extracting(Passage::getSensorUuid)
        .isNotEmpty()
        .isSubsetOf(OTHER, "__global__");
    assertThat(context.getQuery()).isEqualTo("رطوبت خاک من چقدر است؟");
  }

  @Test
  void anotherSensorsIdInsideTheQuestionDoesNotReachItsData() {
    var context = ask(MINE, "رطوبت خاک حسگر " + OTHER + " چقدر است؟ 12.5");

    assertThat(context.getPassages()).extracting(Passage::getSensorUuid).doesNotContain(OTHER);
    assertThat(context.getPassages())
        .extracting(Passage::getText)
        .noneMatch(t -> t.contains("12.5"));
    assertThat(context.getSnapshotText()).doesNotContain("12.5");
  }

  @Test
  void eachTenantGetsOnlyItsOwnSnapshot() {
    var context = ask(OTHER, "رطوبت خاک من چقدر است؟");

    assertThat(context.getSnapshotText()).contains("12.5");
    assertThat(context.getPassages()).extracting(Passage::getSensorUuid).doesNotContain(MINE);
  }

  @Test
  void aPassageTheDenseLegFoundCarriesItsSimilarityToTheQueryForTheEvidenceJudge() {
    // an English question: the embedder reads English, so the dense leg ran and rated the passage
    var english = ask(MINE, "When should I irrigate as soil moisture falls?", "en");

    assertThat(english.getPassages())
        .filteredOn(p -> p.getPointId().equals("g-irr-en"))
        .singleElement()
        .satisfies(p -> assertThat(p.getDenseSimilarity()).isBetween(0.3, 1.0));

    // a Persian one: the bundled embedder does not read Persian, nothing was rated
    assertThat(ask(MINE, "رطوبت خاک من چقدر است؟").getPassages())
        .isNotEmpty()
        .allSatisfy(p -> assertThat(p.getDenseSimilarity()).isNull());
  }

  private ContextRetrieved ask(String sensor, String question) {
    return ask(sensor, question, "fa");
  }

  private ContextRetrieved ask(String sensor, String question, String language) {
    var call =
        RetrievalRequested.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setScope(
                RetrievalScopes.of(
                    io.streamrag.schemas.chat.ChatRequested.newBuilder(chat(sensor, question))
                        .setLanguage(language)
                        .build()))
            .setQuery(question)
            .setRequestedAt(Instant.now())
            .build();
    return CALLS.call(call.getCallId(), call);
  }
}
