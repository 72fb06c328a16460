package io.streamrag.llm.prerun;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.schemas.chat.ChatRequested;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What runs before the model, as an explicit list of steps in S0.2's order: prompt-injection guard,
 * input-length guard, config sync, then retrieval, with conversation memory (S0.7) and the
 * follow-up rewrite between config sync and retrieval, because retrieval searches the rewritten
 * question. The gateway runs the same two guards first, to refuse with an HTTP status before a
 * stream opens; running them here again keeps a request that reached the topic another way (a
 * replay, another producer) from skipping them. Each step is timed ({@value #TIMER}, tagged with
 * the step's name), so where a chat's time goes before its first token is on {@code
 * /actuator/prometheus}.
 */
public final class PreRunChain {

  private static final Logger log = LoggerFactory.getLogger(PreRunChain.class);

  /** The timer of each step. */
  public static final String TIMER = "streamrag.prerun.step";

  private final List<PreRunStep> steps;
  private final List<Timer> timers;

  /** A chain whose timings go nowhere; for tests. */
  public PreRunChain(List<PreRunStep> steps) {
    this(steps, new SimpleMeterRegistry());
  }

  public PreRunChain(List<PreRunStep> steps, MeterRegistry meters) {
    this.steps = List.copyOf(steps);
    this.timers =
        this.steps.stream()
            .map(
                s ->
                    Timer.builder(TIMER)
                        .tag("step", name(s))
                        .description("one step of the pre-run chain, per chat")
                        .register(meters))
            .toList();
  }

  /** The step's name on its timer: its class, with a guard's guardrail (two guards, two names). */
  private static String name(PreRunStep step) {
    return step instanceof GuardStep guard ? guard.name() : step.getClass().getSimpleName();
  }

  /**
   * The after-steps of the chain's advisors ({@link AnswerAdvisor}), in the chain's order, once the
   * answer is finished. One failing is logged; the others still run.
   */
  public void after(Preparation preparation, Finished answer) {
    for (var step : steps) {
      if (step instanceof AnswerAdvisor advisor) {
        try {
          advisor.after(preparation, answer);
        } catch (RuntimeException e) {
          log.warn(
              "{} of {} failed after the answer: {}",
              name(step),
              preparation.request().getRequestId(),
              e.toString());
        }
      }
    }
  }

  /**
   * Runs every step in order, each when the one before it completed; the result fails with {@link
   * PreRunRefusal} when a step refuses the request.
   */
  public CompletableFuture<Preparation> run(
      ChatRequested request, Cancellation cancel, AnswerScope scope) {
    return step(0, Preparation.of(request, cancel, scope));
  }

  private CompletableFuture<Preparation> step(int i, Preparation preparation) {
    if (i == steps.size()) {
      return CompletableFuture.completedFuture(preparation);
    }
    long start = System.nanoTime();
    CompletableFuture<Preparation> applied;
    try {
      preparation.cancel().check();
      applied = steps.get(i).apply(preparation);
    } catch (RuntimeException e) {
      applied = CompletableFuture.failedFuture(e);
    }
    // the next step runs in the answer's context, whichever thread completed this one
    return applied
        .whenComplete(
            (p, error) -> timers.get(i).record(System.nanoTime() - start, TimeUnit.NANOSECONDS))
        .thenComposeAsync(next -> step(i + 1, next), preparation.scope().inline());
  }
}
