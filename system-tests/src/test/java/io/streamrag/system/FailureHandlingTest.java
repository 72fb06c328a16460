package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Failure handling in agentic retrieval (S3.7) with every service running, the extractive provider
 * and the deterministic planner: an answer the documents do not hold stops at exactly the budget
 * and needs a human; a near-duplicate about another crop is rejected as an entity mismatch; a
 * comparison with evidence for both parts is answered within the budget.
 */
class FailureHandlingTest {

  static final String SENSOR = WholeFlowTest.OTHER_SENSOR;
  static final String KEY = "dev-other-key";
  static final JsonMapper JSON = new JsonMapper();
  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
    // the demo knowledge is indexed before the first answer is judged
    WholeFlowTest.askUntil(
        () -> Http.chat(system.gatewayUrl(), KEY, SENSOR, "What is ET0 and how do I use it?"),
        "[",
        Duration.ofSeconds(120));
  }

  static List<JsonNode> traces(Http.Chat chat) {
    return chat.events().stream()
        .filter(e -> e.name().equals("trace"))
        .map(e -> JSON.readTree(e.data()))
        .toList();
  }

  @Test
  void anAnswerTheDocumentsDoNotHoldStopsAtExactlyTheBudgetAndNeedsAHuman() {
    var answer = Http.chat(system.gatewayUrl(), KEY, SENSOR, "How much nitrogen does rice need?");

    var done = answer.first("done");
    assertThat(done.get("searches").asInt()).isEqualTo(4);
    assertThat(done.get("needs_human").get("missing").toString()).contains("rice");
    assertThat(answer.count("needs_human")).isEqualTo(1);
    // nothing of the knowledge base is cited; the sensor's live state, which every answer shows,
    // may be
    assertThat(answer.events())
        .filteredOn(e -> e.name().equals("citation"))
        .allSatisfy(e -> assertThat(e.data()).contains("/live\""));
    assertThat(answer.tokens()).contains("A person needs to answer");
    assertThat(traces(answer))
        .extracting(t -> t.get("kind").asString())
        .filteredOn("search"::equals)
        .hasSize(4);
    assertThat(traces(answer))
        .extracting(t -> t.get("kind").asString())
        .contains("budget", "needs_human");
    // the trace is kept for the key that asked, and for no other
    String requestId = answer.first("meta").get("request_id").asString();
    var kept = Http.awaitTrace(system.gatewayUrl(), requestId, KEY);
    assertThat(kept.body().get("steps").size()).isEqualTo(traces(answer).size());
    assertThat(
            Http.call(
                    "GET",
                    system.gatewayUrl() + "/api/chats/" + requestId + "/trace",
                    "dev-farmer-key")
                .status())
        .isEqualTo(404);
  }

  @Test
  void aNearDuplicateAboutAnotherCropIsRejectedAsAnEntityMismatchAndNeverCited() {
    var answer =
        Http.chat(
            system.gatewayUrl(), KEY, SENSOR, "How much nitrogen does maize need per hectare?");

    assertThat(traces(answer))
        .filteredOn(t -> t.get("kind").asString().equals("reject"))
        .anySatisfy(
            t -> {
              assertThat(t.get("source").asString())
                  .isEqualTo("fertilization/nitrogen-rates-wheat.en.md");
              assertThat(t.get("detail").asString()).contains("maize");
            });
    assertThat(answer.events())
        .filteredOn(e -> e.name().equals("citation"))
        .noneSatisfy(e -> assertThat(e.data()).contains("nitrogen-rates-wheat"));
  }

  @Test
  void aComparisonWithEvidenceForBothPartsIsAnsweredCitingItWithinTheBudget() {
    var answer =
        Http.chat(
            system.gatewayUrl(),
            KEY,
            SENSOR,
            "What is the difference between drip and furrow irrigation efficiency?");

    var done = answer.first("done");
    assertThat(done.has("needs_human")).isFalse();
    assertThat(done.get("searches").asInt()).isBetween(2, 4);
    var accepted =
        traces(answer).stream()
            .filter(t -> t.get("kind").asString().equals("accept"))
            .map(t -> t.get("part").asString())
            .distinct()
            .toList();
    assertThat(accepted).hasSize(2);
    assertThat(answer.events())
        .filteredOn(e -> e.name().equals("citation"))
        .anySatisfy(e -> assertThat(e.data()).contains("irrigation-methods-efficiency"));
  }
}
