package io.streamrag.llm.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.memory.Turns;
import io.streamrag.llm.provider.model.Cancellation;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link QueryRewriter} must do. Each adapter's test extends this class. */
abstract class QueryRewriterContract {

  protected abstract QueryRewriter rewriter();

  @Test
  void anEllipticFollowUpKeepsItsOwnWordsAndGainsTheSubjectItRefersTo() {
    var history = List.of(Turns.turn("r1", "رطوبت خاک من چقدر است؟", "12.5 درصد", Instant.EPOCH));

    String query = rewriter().standalone("و هفته بعد؟", history, "fa", Cancellation.none()).join();

    assertThat(query).contains("هفته").contains("بعد").contains("رطوبت");
  }

  @Test
  void anEnglishFollowUpGainsItsSubject() {
    var history =
        List.of(
            Turns.turn(
                "r1", "How much nitrogen does my wheat need?", "About 120 kg/ha.", Instant.EPOCH));

    String query =
        rewriter().standalone("What about potassium?", history, "en", Cancellation.none()).join();

    assertThat(query).containsIgnoringCase("potassium").containsIgnoringCase("wheat");
  }
}
