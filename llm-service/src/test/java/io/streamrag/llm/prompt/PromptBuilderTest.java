package io.streamrag.llm.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.Contexts;
import io.streamrag.llm.config.PipelineSettings;
import io.streamrag.llm.memory.Recall;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PromptBuilderTest {

  final PromptBuilder builder = new PromptBuilder();

  @Test
  void thePromptCarriesToneInstructionsSnapshotSourcedPassagesAndTheQuestion() {
    var prompt = builder.build(Contexts.preparation(Contexts.persianMoisture("r")));

    assertThat(prompt.system())
        .startsWith("tone of irrigation")
        .contains("Cite the passages")
        .contains("The question is in Persian: answer in Persian.")
        .contains("رطوبت خاک 12.5 درصد")
        .contains("[1] [Source: sensor/" + Contexts.SENSOR + " | Relevance: 0.91]")
        .contains("[2] [Source: irrigation/soil-moisture-sensors.fa.md | Relevance: 0.66]");
    assertThat(prompt.user()).isEqualTo("رطوبت خاک من چقدر است؟");
    assertThat(prompt.language()).isEqualTo("fa");
    assertThat(prompt.history()).isEmpty();
  }

  @Test
  void theSensorsLiveStateAsAPassageIsShownOnceAndCitedByItsNumber() {
    var context = Contexts.persianMoisture("r");
    var live =
        io.streamrag.schemas.chat.Passage.newBuilder(context.getPassages().get(0))
            .setPointId(io.streamrag.llm.retrieval.ContextSearcher.LIVE + Contexts.SENSOR)
            .setSource("sensor/" + Contexts.SENSOR + "/live")
            .setText(context.getSnapshotText())
            .build();
    var withLive =
        ContextRetrieved.newBuilder(context)
            .setPassages(List.of(context.getPassages().get(1), live))
            .build();

    var prompt = builder.build(Contexts.preparation(withLive));

    assertThat(prompt.system())
        .contains("Current sensor data:\npassage [2] below")
        .contains("[2] [Source: sensor/" + Contexts.SENSOR + "/live | Relevance: 0.91]");
    assertThat(prompt.system().split("2026-11-29 10:00 UTC", -1)).hasSize(2);
  }

  @Test
  void theInstructionsAreThePipelinesLiveOnesInTheQuestionsLanguage() {
    var arabic =
        ContextRetrieved.newBuilder(Contexts.englishEt0("r"))
            .setRequest(Contexts.request("r", "ما هو التبخر النتحي؟", "ar"))
            .build();
    var settings =
        new PipelineSettings("croplogic", "Be brief. Reply in {language}.", "Down.", 6, 1500);

    var prompt = builder.build(Contexts.preparation(arabic).withConfig(settings, Map.of()));

    assertThat(prompt.system())
        .startsWith("Be brief. Reply in Arabic.")
        .doesNotContain("Cite the passages");
  }

  @Test
  void rememberedTurnsBecomeTheHistoryOldestFirst() {
    var recall = new Recall("on", List.of(turn("q1", "a1"), turn("q2", "a2")));

    var prompt =
        builder.build(Contexts.preparation(Contexts.persianMoisture("r")).withRecall(recall));

    assertThat(prompt.history())
        .containsExactly(new Prompt.Turn("q1", "a1"), new Prompt.Turn("q2", "a2"));
  }

  @Test
  void whenTheKnowledgeBaseWasUnavailableTheModelIsToldNotToAnswerWithoutIt() {
    ContextRetrieved degraded =
        ContextRetrieved.newBuilder(Contexts.persianMoisture("r"))
            .setDegraded(true)
            .setPassages(List.of())
            .build();

    var prompt = builder.build(Contexts.preparation(degraded));

    assertThat(prompt.system())
        .contains("knowledge base is unavailable")
        .contains("do not answer")
        .contains("in Persian")
        .doesNotContain("Cite the passages");
  }

  @Test
  void aSensorThatNeverReportedIsSaidSo() {
    assertThat(builder.build(Contexts.preparation(Contexts.englishEt0("r"))).system())
        .contains("No readings from this sensor yet.");
  }

  static RememberedTurn turn(String question, String answer) {
    return RememberedTurn.newBuilder()
        .setRequestId(question)
        .setQuestion(question)
        .setAnswer(answer)
        .setLanguage("en")
        .setKbs(List.of())
        .setCitations(List.of())
        .setProvider("extractive")
        .setModel("none")
        .setPromptTokens(0)
        .setCompletionTokens(0)
        .setAskedAt(Instant.EPOCH)
        .setAnsweredAt(Instant.EPOCH)
        .setFirstTokenMs(0)
        .setTotalMs(0)
        .build();
  }
}
