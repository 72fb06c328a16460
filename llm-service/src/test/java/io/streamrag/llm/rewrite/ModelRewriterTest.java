package io.streamrag.llm.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.memory.Turns;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.openai.FakeOpenAiServer;
import io.streamrag.llm.provider.openai.ModelCalls;
import io.streamrag.llm.provider.openai.Script;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The model adapter against a local server speaking the OpenAI protocol (a fake: no model runs
 * here), scripted to rewrite as a model would.
 */
class ModelRewriterTest extends QueryRewriterContract {

  final FakeOpenAiServer model =
      new FakeOpenAiServer()
          .respond(
              request -> {
                String asked = request.get("messages").get(1).get("content").asString();
                return asked.contains("potassium")
                    ? Script.answer("What about potassium for my wheat?")
                    : Script.answer("«و هفته بعد رطوبت خاک من چقدر است؟»");
              });
  final ModelRewriter rewriter = new ModelRewriter(ModelCalls.chain(model), new KeyTermRewriter());

  @AfterEach
  void stop() {
    model.close();
  }

  @Override
  protected QueryRewriter rewriter() {
    return rewriter;
  }

  @Test
  void theModelIsGivenTheConversationAndTheLastMessageAndItsQuotesAreRemoved() {
    var history = List.of(Turns.turn("r1", "رطوبت خاک من چقدر است؟", "12.5 درصد", Instant.EPOCH));

    String query = rewriter.standalone("و هفته بعد؟", history, "fa", Cancellation.none()).join();

    assertThat(query).isEqualTo("و هفته بعد رطوبت خاک من چقدر است؟");
    String sent = model.last().body().get("messages").get(1).get("content").asString();
    assertThat(sent)
        .contains("User: رطوبت خاک من چقدر است؟")
        .contains("Assistant: 12.5 درصد")
        .endsWith("Last message: و هفته بعد؟");
    assertThat(model.last().body().get("messages").get(0).get("content").asString())
        .startsWith("You rewrite the last message");
  }

  @Test
  void whenTheModelFailsTheRuleRewritesAndTheAnswerGoesOn() {
    model.respond(request -> Script.status(500, "overloaded"));
    var history = List.of(Turns.turn("r1", "رطوبت خاک من چقدر است؟", "12.5 درصد", Instant.EPOCH));

    String query = rewriter.standalone("و هفته بعد؟", history, "fa", Cancellation.none()).join();

    assertThat(query).isEqualTo(new KeyTermRewriter().standalone("و هفته بعد؟", history, "fa"));
  }

  @Test
  void aRambleInsteadOfAQuestionIsNotUsed() {
    model.respond(request -> Script.answer("x".repeat(2000)));
    var history = List.of(Turns.turn("r1", "What is ET0?", "Reference ET.", Instant.EPOCH));

    assertThat(rewriter.standalone("and for maize?", history, "en", Cancellation.none()).join())
        .isEqualTo("and for maize? ET0");
  }
}
