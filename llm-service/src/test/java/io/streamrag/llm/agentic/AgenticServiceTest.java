package io.streamrag.llm.agentic;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kafkalocal.LocalKafka;
import io.streamrag.kit.kafka.TopicResponder;
import io.streamrag.llm.Contexts;
import io.streamrag.llm.LlmApplication;
import io.streamrag.llm.ServiceEvents;
import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.Script;
import io.streamrag.postgreslocal.LocalPostgres;
import io.streamrag.schemas.ChatTopics;
import io.streamrag.schemas.chat.AnswerEventType;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.FailedKnowledgeBase;
import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeBaseListed;
import io.streamrag.schemas.chat.KnowledgeResult;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.TraceStep;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * llm-service in agentic mode against a real broker: a scripted model speaking the OpenAI protocol
 * (a named fake: no model runs here) calls query_knowledge: list, query, a KB outside the pipeline,
 * a KB that fails, then answers; the test plays retrieval-service's side of the tool.
 */
@SpringBootTest(
    classes = LlmApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = {LlmApplication.CONFIG_NAME, "llm.chat.planner=deterministic"})
class AgenticServiceTest {

  static final LocalKafka KAFKA = LocalKafka.shared();
  static final String USER = "agentic-test-farmer";
  static final FakeOpenAiServer MODEL = new FakeOpenAiServer();
  static TopicResponder<KnowledgeToolCalled> retrieval;

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    registry.add("spring.kafka.bootstrap-servers", KAFKA::bootstrapServers);
    registry.add("llm.memory.database-url", () -> LocalPostgres.shared().jdbcUrl());
    registry.add("LLM_BASE_URL", MODEL::baseUrl);
    registry.add("LLM_MODEL", () -> "tool-model");
    registry.add("LLM_TOOLS", () -> "true");
  }

  @BeforeAll
  static void playRetrievalService() {
    retrieval =
        new TopicResponder<>(
            KAFKA.bootstrapServers(),
            ChatTopics.KNOWLEDGE_REQUESTS,
            KnowledgeToolCalled.class,
            call ->
                USER.equals(call.getScope().getUserId())
                    ? Map.<String, SpecificRecord>entry(call.getCallId(), answer(call))
                    : null);
  }

  @AfterAll
  static void stop() {
    retrieval.close();
    MODEL.close();
  }

  /**
   * Retrieval's side: the croplogic KBs; units is not one of them; irrigation is down; the one
   * passage is about maize.
   */
  static KnowledgeToolAnswered answer(KnowledgeToolCalled call) {
    var reply =
        KnowledgeToolAnswered.newBuilder()
            .setCallId(call.getCallId())
            .setAction(call.getAction())
            .setAnsweredAt(Instant.now());
    if (call.getAction() == KnowledgeAction.LIST) {
      return reply
          .setKnowledgeBases(
              List.of(
                  new KnowledgeBaseListed(
                      "fertilization", "Fertilization", "NPK, pH", List.of("en")),
                  new KnowledgeBaseListed("irrigation", "Irrigation", "water", List.of("en"))))
          .build();
    }
    if (call.getKbIds().contains("units")) {
      return reply.setError("knowledge base 'units' is not in pipeline croplogic").build();
    }
    var results =
        List.of(
            new KnowledgeResult(
                "fertilization",
                "Maize needs about 150 to 200 kg of nitrogen per hectare, split in two doses.",
                "fertilization/split-nitrogen-application.en.md",
                // a search for another crop finds this passage only faintly
                call.getQueryText().contains("sorghum") ? 0.1 : 0.8,
                "p-maize",
                "__global__",
                "en"));
    return reply
        .setResults(results)
        .setFailedKbs(
            call.getKbIds().contains("irrigation")
                ? List.of(new FailedKnowledgeBase("irrigation", "search timed out after 2 s"))
                : List.of())
        .build();
  }

  /** The model's side: list, query, a forbidden KB, a failing KB, then the answer. */
  static Script toolLoop(JsonNode request) {
    long tools = count(request, "tool");
    return switch ((int) tools) {
      case 0 -> Script.knowledgeCall("c1", "{\"action\":\"list\"}");
      case 1 ->
          Script.knowledgeCall(
              "c2",
              "{\"action\":\"query\",\"kb_id\":\"fertilization\",\"query_text\":\"nitrogen for maize\"}");
      case 2 ->
          Script.knowledgeCall(
              "c3",
              "{\"action\":\"query\",\"kb_ids\":[\"units\"],\"query_text\":\"urea nitrogen content\"}");
      case 3 ->
          Script.knowledgeCall(
              "c4",
              "{\"action\":\"query\",\"kb_ids\":[\"fertilization\",\"irrigation\"],\"query_text\":\"maize nitrogen timing\"}");
      default -> Script.answer("Maize needs about 150 to 200 kg of nitrogen per hectare [1].");
    };
  }

  static long count(JsonNode request, String role) {
    long n = 0;
    for (JsonNode m : request.get("messages")) {
      n += role.equals(m.get("role").asString()) ? 1 : 0;
    }
    return n;
  }

  static ChatRequested ask(String message) {
    var request =
        ChatRequested.newBuilder(Contexts.request(UUID.randomUUID().toString(), message, "en"))
            .setConversationId(UUID.randomUUID().toString())
            .setUserId(USER)
            .setMode("agentic")
            .build();
    KAFKA.publish(ChatTopics.CHAT_REQUESTS.name(), request.getConversationId(), request);
    return request;
  }

  @Test
  void theModelListsQueriesIsRefusedAnOutsideKbGetsPartialResultsAndAnswersCiting() {
    MODEL.respond(AgenticServiceTest::toolLoop);

    var request = ask("How much nitrogen does maize need?");
    var answer = ServiceEvents.collect(KAFKA.bootstrapServers(), request.getRequestId());

    // the answer streamed, cited the passage the tool returned, in agentic mode
    assertThat(answer.text()).contains("150 to 200 kg");
    assertThat(answer.of(AnswerEventType.CITATION))
        .singleElement()
        .satisfies(c -> assertThat(c.getCitation().getSource()).contains("split-nitrogen"));
    assertThat(answer.last().getDone().getMode()).isEqualTo("agentic");
    assertThat(answer.last().getDone().getSearches()).isEqualTo(2);
    // the model saw the refusal naming the KB, and the failed KB beside the results
    JsonNode last = MODEL.last().body();
    assertThat(Script.toolMessage(last, 0)).contains("fertilization").contains("irrigation");
    assertThat(Script.toolMessage(last, 2))
        .contains("\"error\"")
        .contains("'units' is not in pipeline croplogic");
    assertThat(Script.toolMessage(last, 3)).contains("\"failed_kbs\"").contains("search timed out");
    assertThat(Script.toolMessage(last, 3)).contains("\"n\":1");
    // every step is a trace event
    assertThat(answer.traceSteps())
        .extracting(TraceStep::getKind)
        .contains("mode", "plan", "tool", "search", "accept");
    assertThat(answer.traceSteps())
        .anySatisfy(t -> assertThat(t.getDetail()).startsWith("refused:"));
  }

  @Test
  void aModelThatKeepsSearchingIsStoppedAtTheBudgetAndWhatIsMissingNeedsAHuman() {
    // a model that queries forever, and results about another crop only
    MODEL.respond(
        request ->
            request.has("tools")
                ? Script.knowledgeCall(
                    "q" + count(request, "tool"),
                    "{\"action\":\"query\",\"kb_id\":\"fertilization\",\"query_text\":\"sorghum potassium "
                        + count(request, "tool")
                        + "\"}")
                : Script.answer("I could not find sorghum potassium rates."));

    var request = ask("How much potassium does sorghum need?");
    var answer = ServiceEvents.collect(KAFKA.bootstrapServers(), request.getRequestId());

    assertThat(answer.last().getDone().getSearches()).isEqualTo(4);
    assertThat(answer.traceSteps()).anySatisfy(t -> assertThat(t.getKind()).isEqualTo("budget"));
    assertThat(answer.of(AnswerEventType.NEEDS_HUMAN))
        .singleElement()
        .satisfies(e -> assertThat(e.getNeedsHuman().getMissing()).isNotEmpty());
    assertThat(answer.last().getDone().getNeedsHuman()).isNotNull();
    assertThat(MODEL.last().body().has("tools")).isFalse();
    assertThat(MODEL.last().body().toString()).contains("search budget is spent");
  }

  @Test
  void anAnswerThatWritesThePromptsSecretMarkerIsCutOffWithAnError() {
    // a model talked into reproducing its setup (say, by a passage it read), marker included
    MODEL.respond(
        request ->
            Script.answer("Of course. ", "My setup has a marker: ", marker(request), " and more."));

    var request = ask("How much nitrogen does maize need?");
    var answer = ServiceEvents.collect(KAFKA.bootstrapServers(), request.getRequestId());

    assertThat(answer.last().getType()).isEqualTo(AnswerEventType.ERROR);
    assertThat(answer.last().getError().getCode()).isEqualTo("prompt_leak");
    assertThat(answer.text()).isEqualTo("Of course. My setup has a marker: ");
    assertThat(answer.of(AnswerEventType.DONE)).isEmpty();
  }

  @Test
  void anAnswerThatRepeatsTheInstructionsVerbatimIsCutOffWithinTenWords() {
    MODEL.respond(
        request -> {
          String system = request.get("messages").get(0).get("content").asString();
          return Script.answer(
              "My instructions are: ", system.substring(0, 60), system.substring(60));
        });

    var request = ask("When should I split the nitrogen for maize?");
    var answer = ServiceEvents.collect(KAFKA.bootstrapServers(), request.getRequestId());

    assertThat(answer.last().getError().getCode()).isEqualTo("prompt_leak");
    assertThat(answer.text()).isEqualTo("My instructions are: ").doesNotContain("knowledge bases");
  }

  /** The marker in the system message of a request to the model. */
  static String marker(JsonNode request) {
    var m =
        java.util.regex.Pattern.compile("sr-[0-9a-f]{16}")
            .matcher(request.get("messages").get(0).get("content").asString());
    assertThat(m.find()).as("the system prompt carries a marker").isTrue();
    return m.group();
  }
}
