package io.streamrag.llm.provider.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.ModelReply;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** 429 with Retry-After: skipped until then, and waited for once when nobody else can answer. */
class ChainRateLimitTest extends ChainFixture {

  @Test
  void aRateLimitedProviderIsSkippedUntilItsRetryAfterThenAnswersAgain() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "30"));
    var chain = chain(gapgpt, avalai);

    // given a 429 asking for 30 s
    assertThat(ModelCalls.ask(chain, QUESTION, tokens::add).provider()).isEqualTo("avalai");
    // when asked again within those 30 s, it is skipped without a request
    clock.advance(Duration.ofSeconds(29));
    ModelReply during = ModelCalls.ask(chain, QUESTION, tokens::add);
    // then after them, it answers again
    clock.advance(Duration.ofSeconds(2));
    ModelReply after = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(during.provider()).isEqualTo("avalai");
    assertThat(during.fallbacks().get(0).reason()).startsWith("rate limited until");
    assertThat(after.provider()).isEqualTo("gapgpt");
    assertThat(gapgpt.requests()).isEqualTo(2);
    assertThat(waited).isEmpty();
  }

  @Test
  void aRetryAfterGivenAsAnHttpDateIsHonouredToo() {
    gapgpt.then(
        Script.status(429, "slow down").header("Retry-After", "Sun, 29 Nov 2026 10:01:00 GMT"));
    var chain = chain(gapgpt, avalai);
    ModelCalls.ask(chain, QUESTION, tokens::add);

    clock.advance(Duration.ofSeconds(59));
    ModelCalls.ask(chain, QUESTION, tokens::add);
    clock.advance(Duration.ofSeconds(1));
    ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(gapgpt.requests()).isEqualTo(2);
  }

  @Test
  void whenNoOtherCanAnswerARateLimitedProviderIsWaitedForOnceIfSoonEnough() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "1"));
    avalai.then(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);

    ModelReply reply = ModelCalls.ask(chain, QUESTION, tokens::add);

    assertThat(waited).containsExactly(Duration.ofSeconds(1));
    assertThat(reply.provider()).isEqualTo("gapgpt");
    assertThat(reply.fallbacks())
        .extracting(ProviderFailure::provider)
        .contains("gapgpt", "avalai");
    assertThat(gapgpt.requests()).isEqualTo(2);
  }

  @Test
  void aRateLimitLongerThanTheLongestRetryWaitIsNotWaitedFor() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "3"));
    avalai.then(Script.status(500, "down"));
    var chain = chain(gapgpt, avalai);

    assertThatThrownBy(() -> ModelCalls.ask(chain, QUESTION, tokens::add))
        .isInstanceOf(ProviderException.class);
    assertThat(waited).isEmpty();
    assertThat(gapgpt.requests()).isEqualTo(1);
  }

  @Test
  void theHealthOfEachProviderShowsItsBreakerAndRateLimit() {
    gapgpt.then(Script.status(429, "slow down").header("Retry-After", "30"));
    var chain = chain(gapgpt, avalai);
    ModelCalls.ask(chain, QUESTION, tokens::add);

    List<ProviderStatus> status = chain.status();

    assertThat(status).extracting(ProviderStatus::name).containsExactly("gapgpt", "avalai");
    assertThat(status.get(0).available()).isFalse();
    assertThat(status.get(0).rateLimitedUntil()).isEqualTo(clock.instant().plusSeconds(30));
    assertThat(status.get(1).breaker()).isEqualTo("CLOSED");
    assertThat(status.get(1).available()).isTrue();
  }
}
