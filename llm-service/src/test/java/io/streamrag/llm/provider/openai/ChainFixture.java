package io.streamrag.llm.provider.openai;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.streamrag.llm.provider.model.ModelRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;

/**
 * Three fake providers (gapgpt, avalai, local), a clock moved by hand, and a chain over the ones a
 * test names. Waiting for a rate-limited provider advances the clock and is recorded.
 */
abstract class ChainFixture {

  static final ModelRequest QUESTION = OpenAiClientTest.QUESTION;

  /** Opens after two calls that both failed; stays open 30 s; one trial call. */
  static final BreakerSettings BREAKER = new BreakerSettings(50, 2, 2, Duration.ofSeconds(30), 1);

  final FakeOpenAiServer gapgpt = new FakeOpenAiServer();
  final FakeOpenAiServer avalai = new FakeOpenAiServer();
  final FakeOpenAiServer local = new FakeOpenAiServer();
  final MutableClock clock = new MutableClock();
  final List<Duration> waited = new ArrayList<>();
  final List<String> tokens = new ArrayList<>();
  final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @AfterEach
  void stop() {
    Stream.of(gapgpt, avalai, local).forEach(FakeOpenAiServer::close);
  }

  /** A chain over the named fakes, with patient timeouts. */
  ProviderChain chain(FakeOpenAiServer... servers) {
    String[] names = {"gapgpt", "avalai", "local"};
    var clients = new OpenAiClient[servers.length];
    for (int i = 0; i < servers.length; i++) {
      clients[i] = Endpoints.client(names[i], servers[i]);
    }
    return chain(clients);
  }

  /** A chain over these clients; waiting for a rate limit advances the clock. */
  ProviderChain chain(OpenAiClient... clients) {
    return new ProviderChain(
        List.of(clients),
        BREAKER,
        Duration.ofSeconds(2),
        clock,
        d -> {
          waited.add(d);
          clock.advance(d);
          return java.util.concurrent.CompletableFuture.completedFuture(null);
        },
        meters);
  }
}
