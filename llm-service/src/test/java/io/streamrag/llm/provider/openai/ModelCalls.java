package io.streamrag.llm.provider.openai;

import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * For tests: the threads model calls run on (as Spring's beans would give them, started once for
 * the test JVM), and waiting for a call's reply with its failure thrown as it was.
 */
public final class ModelCalls {

  /** Two HTTP threads and one timer thread, like the service's. */
  public static final CallThreads THREADS = threads();

  private ModelCalls() {}

  /** The reply, streamed to {@code tokens}; its failure thrown unwrapped. */
  public static ModelReply ask(ChatModel model, ModelRequest request, Consumer<String> tokens) {
    return Futures.await(model.stream(request, tokens, Cancellation.none()));
  }

  /** The whole reply; its failure thrown unwrapped. */
  public static ModelReply complete(ChatModel model, ModelRequest request) {
    return Futures.await(model.complete(request, Cancellation.none()));
  }

  /** One patient provider, {@code primary}, that {@code server} plays, behind the usual breaker. */
  public static ProviderChain chain(FakeOpenAiServer server) {
    return new ProviderChain(
        List.of(Endpoints.client("primary", server)),
        new BreakerSettings(50, 5, 10, Duration.ofSeconds(30), 1),
        Duration.ZERO,
        Clock.systemUTC(),
        delay());
  }

  /** Waiting for a rate-limited provider on the test timers. */
  public static ProviderChain.Delay delay() {
    return ProviderChain.Delay.on(THREADS.timers());
  }

  private static CallThreads threads() {
    var http = new ThreadPoolTaskExecutor();
    http.setCorePoolSize(2);
    http.setMaxPoolSize(2);
    http.setThreadNamePrefix("test-model-http-");
    http.setDaemon(true);
    http.initialize();
    var timers = new ThreadPoolTaskScheduler();
    timers.setPoolSize(1);
    timers.setThreadNamePrefix("test-answer-timers-");
    timers.setDaemon(true);
    timers.setRemoveOnCancelPolicy(true);
    timers.initialize();
    return new CallThreads(http, timers);
  }
}
