package io.streamrag.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.Contexts;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.schemas.chat.ContextRetrieved;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link AnswerProvider} must do. Each adapter's test extends this class. */
abstract class AnswerProviderContract {

  protected abstract AnswerProvider provider();

  @Test
  void theAnswerArrivesInSeveralPiecesThatTogetherAreTheAnswer() {
    var pieces = new ArrayList<String>();

    Futures.await(
        provider()
            .answer(
                prompt(Contexts.persianMoisture("r")),
                Contexts.persianMoisture("r"),
                pieces::add,
                Cancellation.none()));

    assertThat(pieces.size()).isGreaterThan(1);
    assertThat(String.join("", pieces)).contains("12.5");
  }

  @Test
  void citedPassagesAreNumbersOfGivenPassages() {
    ContextRetrieved context = Contexts.persianMoisture("r");

    List<Integer> cited =
        Futures.await(provider().answer(prompt(context), context, t -> {}, Cancellation.none()))
            .cited();

    assertThat(cited)
        .isNotEmpty()
        .allSatisfy(n -> assertThat(n).isBetween(1, context.getPassages().size()));
  }

  @Test
  void itHasANameAndAModel() {
    assertThat(provider().name()).isNotBlank();
    assertThat(provider().model()).isNotBlank();
  }

  static io.streamrag.llm.prompt.Prompt prompt(ContextRetrieved context) {
    return new PromptBuilder().build(Contexts.preparation(context));
  }
}
