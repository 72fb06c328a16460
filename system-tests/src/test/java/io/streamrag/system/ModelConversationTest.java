package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.Script;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Conversation memory (S0.7) with a model: what the model is really sent. Two llm-service replicas,
 * each answering through its own local server speaking the OpenAI protocol (a named fake: no model
 * runs here), share one PostgreSQL; the prompt of a turn carries the earlier turns as real user and
 * assistant messages whichever replica answered them, and an administrator's new instructions reach
 * the next message without a restart.
 */
class ModelConversationTest {

  static final String SENSOR = WholeFlowTest.FARMER_SENSOR;
  static final JsonMapper JSON = new JsonMapper();
  static RunningSystem system;
  static FakeOpenAiServer modelA;
  static FakeOpenAiServer modelB;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
    modelA = new FakeOpenAiServer().respond(ModelConversationTest::reply);
    modelB = new FakeOpenAiServer().respond(ModelConversationTest::reply);
  }

  @AfterAll
  static void stop() {
    system.restartLlm();
    modelA.close();
    modelB.close();
  }

  /** The fake model: rewrites follow-ups by adding the subject, answers by naming the question. */
  static Script reply(JsonNode request) {
    JsonNode messages = request.get("messages");
    String last = messages.get(messages.size() - 1).get("content").asString();
    if (messages.get(0).get("content").asString().startsWith("You rewrite")) {
      String message = last.substring(last.lastIndexOf("Last message: ") + 14);
      return Script.answer(message + " رطوبت خاک");
    }
    return Script.answer("پاسخ مدل به «", last, "» [1]");
  }

  @Test
  void eachPromptCarriesTheEarlierTurnsWhicheverReplicaAnsweredThemAndTheLiveInstructions() {
    // Given replica A answering with model A
    system.restartLlm(model(modelA));
    var first =
        WholeFlowTest.askUntil(
            () ->
                Http.chat(system.gatewayUrl(), "dev-farmer-key", SENSOR, "رطوبت خاک من چقدر است؟"),
            "پاسخ مدل",
            java.time.Duration.ofSeconds(60));
    String conversation = first.first("meta").get("conversation_id").asString();
    assertThat(first.first("done").get("provider").asString()).isEqualTo("primary");
    var second =
        Http.chatIn(system.gatewayUrl(), "dev-farmer-key", SENSOR, "و هفته بعد؟", conversation);
    assertThat(second.first("meta").get("query").asString()).isEqualTo("و هفته بعد؟ رطوبت خاک");

    // When replica B joins and replica A leaves
    var replicaB = system.llmReplica(model(modelB));
    try {
      system.stopLlm();
      var third =
          Http.chatIn(system.gatewayUrl(), "dev-farmer-key", SENSOR, "و فردا؟", conversation);
      assertThat(third.count("done")).isEqualTo(1);

      // Then replica B sent its model both earlier turns, as user and assistant messages
      assertThat(roles(answerRequest(modelB, "و فردا؟")))
          .containsExactly("system", "user", "assistant", "user", "assistant", "user");
      assertThat(contents(answerRequest(modelB, "و فردا؟")))
          .containsSubsequence(
              "رطوبت خاک من چقدر است؟",
              "پاسخ مدل به «رطوبت خاک من چقدر است؟» [1]",
              "و هفته بعد؟",
              "پاسخ مدل به «و هفته بعد؟» [1]",
              "و فردا؟");

      // And an administrator's new instructions reach the very next message, no restart
      var original =
          Http.call("GET", system.ingestUrl() + "/admin/pipelines/croplogic", "dev-admin-token");
      var edited = JSON.createObjectNode().put("instructions", "Reply in {language}, as a poem.");
      assertThat(
              Http.put(system.ingestUrl() + "/admin/pipelines/croplogic", "dev-admin-token", edited)
                  .status())
          .isEqualTo(200);
      try {
        WholeFlowTest.askUntil(
            () -> Http.chatIn(system.gatewayUrl(), "dev-farmer-key", SENSOR, "شعر؟", conversation),
            "پاسخ مدل",
            java.time.Duration.ofSeconds(30));
        assertThat(answerRequest(modelB, "شعر؟").get("messages").get(0).get("content").asString())
            .contains("Reply in Persian, as a poem.");
      } finally {
        var restore =
            JSON.createObjectNode()
                .put("instructions", original.body().get("instructions").asString());
        Http.put(system.ingestUrl() + "/admin/pipelines/croplogic", "dev-admin-token", restore);
      }
    } finally {
      replicaB.close();
    }
  }

  static String[] model(FakeOpenAiServer server) {
    return new String[] {"--LLM_BASE_URL=" + server.baseUrl(), "--LLM_MODEL=fake-model"};
  }

  /** The last answer (not rewrite) request a fake received for this question. */
  static JsonNode answerRequest(FakeOpenAiServer server, String question) {
    return server.received().stream()
        .map(FakeOpenAiServer.Received::body)
        .filter(b -> !b.get("messages").get(0).get("content").asString().startsWith("You rewrite"))
        .filter(
            b -> {
              JsonNode m = b.get("messages");
              return m.get(m.size() - 1).get("content").asString().equals(question);
            })
        .reduce((a, b) -> b)
        .orElseThrow(() -> new AssertionError("the model was never asked " + question));
  }

  static List<String> roles(JsonNode request) {
    var roles = new ArrayList<String>();
    request.get("messages").forEach(m -> roles.add(m.get("role").asString()));
    return roles;
  }

  static List<String> contents(JsonNode request) {
    var contents = new ArrayList<String>();
    request.get("messages").forEach(m -> contents.add(m.get("content").asString()));
    return contents;
  }
}
