package io.streamrag.llm.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.Contexts;
import io.streamrag.llm.memory.Recall;
import io.streamrag.llm.memory.Turns;
import io.streamrag.llm.prerun.Preparation;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pre-run step 5 alone. */
class FollowUpRewriteTest {

  final FollowUpRewrite step = new FollowUpRewrite(new KeyTermRewriter());

  @Test
  void withoutHistoryTheMessageIsSearchedAsItIs() {
    var p = Preparation.of(Contexts.request("r", "و هفته بعد؟", "fa"));

    assertThat(step.apply(p).join().query()).isEqualTo("و هفته بعد؟");
    assertThat(step.apply(p).join().rewritten()).isFalse();
  }

  @Test
  void withHistoryAFollowUpIsSearchedRewritten() {
    var p =
        Preparation.of(Contexts.request("r", "و هفته بعد؟", "fa"))
            .withRecall(
                new Recall(
                    "on", List.of(Turns.turn("r0", "رطوبت خاک من چقدر است؟", "a", Instant.EPOCH))));

    var rewritten = step.apply(p).join();

    assertThat(rewritten.rewritten()).isTrue();
    assertThat(rewritten.query()).contains("رطوبت");
    assertThat(rewritten.request().getMessage()).isEqualTo("و هفته بعد؟");
  }
}
