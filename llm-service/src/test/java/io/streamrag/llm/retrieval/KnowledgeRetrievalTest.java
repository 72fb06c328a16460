package io.streamrag.llm.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.kit.kafka.RequestReply;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.RetrievalResponder;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.schemas.Topics;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.time.Clock;
import java.time.Duration;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.requestreply.ReplyingKafkaTemplate;

/**
 * Pre-run step 6 alone, over the real request/reply topics of a real broker; the test plays
 * retrieval-service.
 */
class KnowledgeRetrievalTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String USER = "retrieval-step-test";
  static ReplyingKafkaTemplate<String, SpecificRecord, SpecificRecord> replies;
  static RetrievalResponder retrieval;
  static KnowledgeRetrieval step;

  @BeforeAll
  static void start() throws InterruptedException {
    replies =
        RequestReply.template(KAFKA.bootstrapServers(), Topics.RETRIEVAL_REPLIES, "step-test");
    replies.start();
    replies.waitForAssignment(Duration.ofSeconds(30));
    retrieval =
        new RetrievalResponder(
            KAFKA.bootstrapServers(),
            USER,
            call ->
                call.getQuery().contains("silence")
                    ? null
                    : ContextRetrieved.newBuilder(Contexts.persianMoisture("r"))
                        .setRequest(call.getChat())
                        .setQuery(call.getQuery())
                        .build());
    step =
        new KnowledgeRetrieval(
            new RequestClient<>(replies, Topics.RETRIEVAL_REQUESTS, ContextRetrieved.class),
            Duration.ofMillis(800),
            Clock.systemUTC());
  }

  @AfterAll
  static void stop() {
    retrieval.close();
    replies.stop();
  }

  static Preparation prepared(String query) {
    ChatRequested request =
        ChatRequested.newBuilder(Contexts.request("r", "و هفته بعد؟", "fa"))
            .setUserId(USER)
            .build();
    return Preparation.of(request).withQuery(query);
  }

  @Test
  void theRewrittenQueryIsWhatRetrievalSearchesAndItsContextComesBack() {
    var context = step.apply(prepared("و هفته بعد؟ رطوبت خاک")).context();

    assertThat(context.getDegraded()).isFalse();
    assertThat(context.getQuery()).isEqualTo("و هفته بعد؟ رطوبت خاک");
    assertThat(context.getPassages()).isNotEmpty();
  }

  @Test
  void whenRetrievalDoesNotAnswerInTimeTheContextIsDegradedWithTheReason() {
    var context = step.apply(prepared("silence please")).context();

    assertThat(context.getDegraded()).isTrue();
    assertThat(context.getDegradedReason()).contains("no reply on retrieval.requests");
    assertThat(context.getPassages()).isEmpty();
  }
}
