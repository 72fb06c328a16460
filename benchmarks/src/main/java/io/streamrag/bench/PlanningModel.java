package io.streamrag.bench;

import io.streamrag.llm.evidence.DeterministicPlanner;
import io.streamrag.llm.evidence.ModelPlanner;
import io.streamrag.llm.evidence.Planner;
import io.streamrag.llm.provider.openai.BreakerSettings;
import io.streamrag.llm.provider.openai.CallThreads;
import io.streamrag.llm.provider.openai.Endpoint;
import io.streamrag.llm.provider.openai.OpenAiClient;
import io.streamrag.llm.provider.openai.ProviderChain;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * The model the answer benchmark judges with under {@code --planner model}: any OpenAI-compatible
 * endpoint, reached exactly as llm-service reaches it (the same client and chain), with the rules
 * standing in for a step whenever it fails, as in the service.
 */
final class PlanningModel {

  private final ProviderChain chain;

  private PlanningModel(ProviderChain chain) {
    this.chain = chain;
  }

  /** From {@code --llm-base-url}, {@code --llm-model}, {@code --llm-api-key}. */
  static PlanningModel from(Args args) {
    if (!args.has("llm-base-url") || !args.has("llm-model")) {
      throw new IllegalArgumentException("--planner model needs --llm-base-url and --llm-model");
    }
    var endpoint =
        new Endpoint(
            "bench",
            URI.create(args.text("llm-base-url", "")),
            args.text("llm-api-key", ""),
            args.text("llm-model", ""),
            Duration.ofSeconds(5),
            Duration.ofSeconds(60),
            Duration.ofSeconds(30),
            Duration.ofSeconds(120),
            false);
    var http = new ThreadPoolTaskExecutor();
    http.setCorePoolSize(2);
    http.setMaxPoolSize(2);
    http.setDaemon(true);
    http.initialize();
    var timers = new ThreadPoolTaskScheduler();
    timers.setDaemon(true);
    timers.initialize();
    return new PlanningModel(
        new ProviderChain(
            List.of(new OpenAiClient(endpoint, new JsonMapper(), new CallThreads(http, timers))),
            new BreakerSettings(50, 5, 10, Duration.ofSeconds(30), 1),
            Duration.ofSeconds(2),
            Clock.systemUTC(),
            ProviderChain.Delay.on(timers)));
  }

  Planner planner(DeterministicPlanner rules) {
    return new ModelPlanner(chain, rules, new JsonMapper());
  }
}
