package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.ModelReply;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Each provider's circuit breaker: opens on failures, skips without a request, half-opens. */
class ChainBreakerTest extends ChainFixture {

  @Test
  void afterEnoughFailuresTheBreakerOpensAndTheProviderIsSkippedWithoutARequest() {
    gapgpt.always(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);

    // given two failures in a window of two
    ModelCalls.ask(chain, QUESTION, tokens::add);
    ModelCalls.ask(chain, QUESTION, tokens::add);
    // when asked again
    ModelReply reply = ModelCalls.ask(chain, QUESTION, tokens::add);

    // then the primary is not even called
    assertThat(gapgpt.requests()).isEqualTo(2);
    assertThat(reply.provider()).isEqualTo("avalai");
    assertThat(reply.fallbacks())
        .containsExactly(new ProviderFailure("gapgpt", "circuit_open", "circuit breaker open"));
    assertThat(chain.status().get(0).breaker()).isEqualTo("OPEN");
    assertThat(chain.expected()).map(Endpoint::name).contains("avalai");
  }

  @Test
  void afterItsWaitAnOpenBreakerLetsOneTrialCallThroughAndClosesWhenItSucceeds() {
    gapgpt.then(Script.status(500, "down"), Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);
    ModelCalls.ask(chain, QUESTION, tokens::add);
    ModelCalls.ask(chain, QUESTION, tokens::add);
    assertThat(chain.status().get(0).breaker()).isEqualTo("OPEN");

    clock.advance(Duration.ofSeconds(31));
    ModelReply trial = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(gapgpt.requests()).isEqualTo(3);
    assertThat(trial.provider()).isEqualTo("gapgpt");
    assertThat(chain.status().get(0).breaker()).isEqualTo("CLOSED");
  }

  @Test
  void aFailedTrialCallOpensTheBreakerAgain() {
    gapgpt.always(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);
    ModelCalls.ask(chain, QUESTION, tokens::add);
    ModelCalls.ask(chain, QUESTION, tokens::add);

    clock.advance(Duration.ofSeconds(31));
    ModelCalls.ask(chain, QUESTION, tokens::add);
    ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(gapgpt.requests()).isEqualTo(3);
    assertThat(chain.status().get(0).breaker()).isEqualTo("OPEN");
  }

  @Test
  void rateLimitsDoNotCountAgainstTheBreaker() {
    var chain = chain(gapgpt, avalai);
    for (int i = 0; i < 3; i++) {
      gapgpt.then(Script.status(429, "slow down"));
      ModelCalls.ask(chain, QUESTION, tokens::add);
    }

    assertThat(gapgpt.requests()).isEqualTo(3);
    assertThat(chain.status().get(0).breaker()).isEqualTo("CLOSED");
  }
}
