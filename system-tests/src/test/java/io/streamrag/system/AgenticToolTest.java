package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.Script;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The knowledge-base tool (S2) with every service running: a tool-capable model (a local server
 * speaking the OpenAI protocol, scripted: no model runs here) retrieves only through
 * query_knowledge, over Kafka to the real retrieval-service, which lists the pipeline's KBs,
 * searches them for the caller's sensor only and refuses a KB of another pipeline; every step is a
 * trace event and the trace is kept for the key that asked.
 */
class AgenticToolTest {

  static final String SENSOR = WholeFlowTest.FARMER_SENSOR;
  static RunningSystem system;
  static FakeOpenAiServer model;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
    model = new FakeOpenAiServer().respond(AgenticToolTest::toolLoop);
    system.restartLlm(
        "--LLM_BASE_URL=" + model.baseUrl(),
        "--LLM_MODEL=tool-model",
        "--LLM_TOOLS=true",
        "--llm.chat.planner=deterministic");
  }

  @AfterAll
  static void stop() {
    system.restartLlm();
    model.close();
  }

  /** The model: list, search fertilization, ask for the units KB of another pipeline, answer. */
  static Script toolLoop(JsonNode request) {
    int tools = 0;
    for (JsonNode m : request.get("messages")) {
      tools += "tool".equals(m.get("role").asString()) ? 1 : 0;
    }
    return switch (tools) {
      case 0 -> Script.knowledgeCall("c1", "{\"action\":\"list\"}");
      case 1 ->
          Script.knowledgeCall(
              "c2",
              "{\"action\":\"query\",\"kb_id\":\"fertilization\",\"query_text\":\"nitrogen rate for winter wheat per hectare\",\"top_k\":3}");
      case 2 ->
          Script.knowledgeCall(
              "c3",
              "{\"action\":\"query\",\"kb_ids\":[\"units\"],\"query_text\":\"nitrogen in urea\"}");
      default -> Script.answer("Winter wheat takes 120 to 180 kg of nitrogen per hectare [1].");
    };
  }

  @Test
  void theModelRetrievesOnlyThroughTheToolWithinItsPipelineAndEveryStepIsTraced() {
    var answer =
        WholeFlowTest.askUntil(
            () ->
                Http.chat(
                    system.gatewayUrl(),
                    "dev-farmer-key",
                    SENSOR,
                    "How much nitrogen does winter wheat need per hectare?"),
            "120 to 180",
            Duration.ofSeconds(60));

    // agentic: nothing was retrieved before the model; it searched once, through the tool
    assertThat(answer.first("done").get("mode").asString()).isEqualTo("agentic");
    assertThat(answer.first("done").get("searches").asInt()).isEqualTo(1);
    assertThat(answer.events())
        .filteredOn(e -> e.name().equals("citation"))
        .singleElement()
        .satisfies(e -> assertThat(e.data()).contains("nitrogen-rates-wheat.en.md"));
    // the real retrieval-service listed croplogic's KBs only, and refused the reference pipeline's
    JsonNode last = model.last().body();
    assertThat(Script.toolMessage(last, 0))
        .contains("\"fertilization\"")
        .contains("\"irrigation\"");
    assertThat(Script.toolMessage(last, 0)).doesNotContain("\"units\"");
    assertThat(Script.toolMessage(last, 1))
        .contains("nitrogen-rates-wheat.en.md")
        .contains("\"n\":1");
    assertThat(Script.toolMessage(last, 2)).contains("\"error\"").contains("units");
    // every step was a trace event, and the trace is kept for the key that asked
    assertThat(answer.events())
        .filteredOn(e -> e.name().equals("trace"))
        .extracting(Http.Event::data)
        .anySatisfy(d -> assertThat(d).contains("refused"))
        .anySatisfy(d -> assertThat(d).contains("\"kind\":\"accept\""));
    String requestId = answer.first("meta").get("request_id").asString();
    var trace = Http.awaitTrace(system.gatewayUrl(), requestId, "dev-farmer-key");
    assertThat(trace.body().get("steps").toString()).contains("nitrogen-rates-wheat.en.md");
    assertThat(
            Http.call(
                    "GET",
                    system.gatewayUrl() + "/api/chats/" + requestId + "/trace",
                    "dev-other-key")
                .status())
        .isEqualTo(404);
  }
}
