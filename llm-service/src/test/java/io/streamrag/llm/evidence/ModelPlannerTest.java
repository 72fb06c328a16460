package io.streamrag.llm.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.ModelCalls;
import io.streamrag.llm.provider.openai.Script;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The model planner against a local server speaking the OpenAI protocol (a fake: no model runs
 * here), scripted to answer each planning request as a model would, in JSON.
 */
class ModelPlannerTest extends PlannerContract {

  final FakeOpenAiServer model = new FakeOpenAiServer().respond(ModelPlannerTest::plan);
  final ModelPlanner planner =
      new ModelPlanner(ModelCalls.chain(model), new DeterministicPlanner(0.3), new JsonMapper());

  @AfterEach
  void stop() {
    model.close();
  }

  @Override
  protected Planner planner() {
    return planner;
  }

  /** Plays the planning model: splits comparisons, rewrites, judges by the word "maize". */
  static Script plan(tools.jackson.databind.JsonNode request) {
    String system = request.get("messages").get(0).get("content").asString();
    String user = request.get("messages").get(1).get("content").asString();
    if (system.startsWith("Split")) {
      return user.contains(" or ")
          ? Script.answer(
              "{\"parts\":[{\"text\":\"nitrogen for maize\",\"entities\":[\"maize\"],\"expects\":\"number\"},",
              "{\"text\":\"nitrogen for wheat\",\"entities\":[\"wheat\"],\"expects\":\"number\"}]}")
          : Script.answer(
              "Here you are: {\"parts\":[{\"text\":\""
                  + user.substring(10)
                  + "\",\"entities\":[\"maize\"],\"expects\":\"number\"}]}");
    }
    if (system.startsWith("A search")) {
      return Script.answer("{\"query\":\"maize nitrogen rate kg/ha\"}");
    }
    var verdicts = new StringBuilder("{\"verdicts\":[");
    String[] passages = user.split("\n\\[");
    for (int i = 1; i < passages.length; i++) {
      boolean maize = passages[i].contains("Maize");
      verdicts
          .append(i > 1 ? "," : "")
          .append("{\"n\":")
          .append(i)
          .append(",\"relevant\":")
          .append(maize)
          .append(",\"reason\":\"")
          .append(maize ? "about maize nitrogen" : "not about maize")
          .append("\"}");
    }
    return Script.answer(verdicts.append("]}").toString());
  }

  @Test
  void theModelSplitsAComparisonIntoPartsWithTheirEntities() {
    var parts = planner.decompose("Nitrogen for maize or for wheat?", "en", NONE).join();

    assertThat(parts)
        .extracting(Part::text)
        .containsExactly("nitrogen for maize", "nitrogen for wheat");
    assertThat(parts.get(0).entities()).containsExactly("maize");
    assertThat(parts.get(0).expects()).isEqualTo("number");
  }

  @Test
  void aNearDuplicateAboutAnotherCropIsRejectedWithTheModelsReason() {
    var part = new Part("nitrogen for maize", List.of("maize"), "number");

    var verdicts =
        planner
            .judge(
                part,
                List.of(
                    passage("wheat", "Wheat needs about 120 kg of nitrogen per hectare.", 0.8),
                    passage("maize", "Maize needs about 180 kg of nitrogen per hectare.", 0.8)),
                NONE)
            .join();

    assertThat(verdicts).extracting(Verdict::accepted).containsExactly(false, true);
    assertThat(verdicts.get(0).reason()).isEqualTo("model: not about maize");
  }

  @Test
  void whenTheModelFailsTheRulesPlanAndTheAnswerGoesOn() {
    model.respond(request -> Script.status(500, "overloaded"));

    var parts = planner.decompose("How much nitrogen does maize need?", "en", NONE).join();
    var verdicts =
        planner
            .judge(parts.get(0), List.of(passage("maize", "Maize needs nitrogen.", 0.9)), NONE)
            .join();

    assertThat(parts).hasSize(1);
    assertThat(verdicts)
        .singleElement()
        .extracting(Verdict::reason)
        .asString()
        .doesNotStartWith("model:");
  }

  @Test
  void aRewriteComesFromTheModel() {
    assertThat(planner.rewrite(Part.of("maize N?"), List.of("maize N?"), "en", NONE).join())
        .contains("maize nitrogen rate kg/ha");
  }
}
