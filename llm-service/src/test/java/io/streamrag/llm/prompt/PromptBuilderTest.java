package io.streamrag.llm.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.Contexts;
import io.streamrag.schemas.chat.ContextRetrieved;
import org.junit.jupiter.api.Test;

class PromptBuilderTest {

  final PromptBuilder builder = new PromptBuilder();

  @Test
  void thePromptCarriesToneInstructionsSnapshotSourcedPassagesAndTheQuestion() {
    var prompt = builder.build(Contexts.persianMoisture("r"), "Be practical.");

    assertThat(prompt.system())
        .startsWith("Be practical.")
        .contains("Cite the passages")
        .contains("رطوبت خاک 12.5 درصد")
        .contains("[1] [Source: sensor/" + Contexts.SENSOR + " | Relevance: 0.91]")
        .contains("[2] [Source: irrigation/soil-moisture-sensors.fa.md | Relevance: 0.66]");
    assertThat(prompt.user()).isEqualTo("رطوبت خاک من چقدر است؟");
  }

  @Test
  void whenTheKnowledgeBaseWasUnavailableTheModelIsToldNotToAnswerWithoutIt() {
    ContextRetrieved degraded =
        ContextRetrieved.newBuilder(Contexts.persianMoisture("r"))
            .setDegraded(true)
            .setPassages(java.util.List.of())
            .build();

    var prompt = builder.build(degraded, "");

    assertThat(prompt.system())
        .contains("knowledge base is unavailable")
        .contains("do not answer")
        .doesNotContain("Cite the passages");
  }

  @Test
  void aSensorThatNeverReportedIsSaidSo() {
    assertThat(builder.build(Contexts.englishEt0("r"), "").system())
        .contains("No readings from this sensor yet.");
  }
}
