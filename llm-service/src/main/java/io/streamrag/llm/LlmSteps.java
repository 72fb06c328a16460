package io.streamrag.llm;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.guard.GuardMetrics;
import io.streamrag.llm.agentic.AgenticAnswerer;
import io.streamrag.llm.evidence.Evidence;
import io.streamrag.llm.guard.AnswerGuard;
import io.streamrag.llm.guard.AnswerLeak;
import io.streamrag.llm.prerun.Finished;
import io.streamrag.llm.prerun.PreRunChain;
import io.streamrag.llm.prerun.PreRunRefusal;
import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.prompt.MissingEvidence;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.provider.Answer;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.llm.provider.ExtractiveProvider;
import io.streamrag.llm.provider.Futures;
import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.ProviderFailure;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.scope.AnswerScope;
import io.streamrag.llm.stream.AnswerStream;
import io.streamrag.llm.stream.AnswerStreams;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.NeedsHuman;
import io.streamrag.schemas.chat.Passage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * llm-service, step by step: a chat request becomes a streamed, cited answer that rests only on
 * evidence, and that the conversation remembers.
 */
public class LlmSteps {

  private static final Logger log = LoggerFactory.getLogger(LlmSteps.class);

  private final PreRunChain preRun;
  private final PreRunStep classicRetrieval;
  private final PromptBuilder prompts;
  private final AnswerProvider provider;
  private final AgenticAnswerer agentic;
  private final AnswerGuard guard;
  private final AnswerStreams streams;
  private final Duration maxRequestAge;
  private final MeterRegistry meters;
  private final Clock clock;

  /**
   * @param classicRetrieval the chain's retrieval step, run again in classic mode when an agentic
   *     answer finds no model to answer it
   * @param guard the chain's guard, which watches the answer as it streams
   * @param meters where cut-off answers are counted ({@link GuardMetrics}, layer {@code output})
   */
  public LlmSteps(
      PreRunChain preRun,
      PreRunStep classicRetrieval,
      PromptBuilder prompts,
      AnswerProvider provider,
      AgenticAnswerer agentic,
      AnswerGuard guard,
      AnswerStreams streams,
      Duration maxRequestAge,
      MeterRegistry meters,
      Clock clock) {
    this.preRun = preRun;
    this.classicRetrieval = classicRetrieval;
    this.prompts = prompts;
    this.provider = provider;
    this.agentic = agentic;
    this.guard = guard;
    this.streams = streams;
    this.maxRequestAge = maxRequestAge;
    this.meters = meters;
    this.clock = clock;
  }

  /**
   * Answers one chat request; the future completes once its last event (done or error) is on the
   * broker, or fails with {@link Cancellation.Cancelled} when its caller left. No thread waits for
   * it meanwhile: each step runs when the search, model or database it waits for has answered.
   *
   * @param answerPartition where the request asked its answer to go ({@link
   *     io.streamrag.schemas.chat.AnswerPartition})
   * @param generation this attempt's, carried by every event of the answer
   */
  public CompletableFuture<Void> answer(
      ChatRequested request,
      OptionalInt answerPartition,
      String generation,
      Cancellation cancel,
      AnswerScope scope) {
    // 0. a request whose caller has given up is skipped: after an outage, the backlog must not keep
    // the questions still waited for waiting
    Duration age = Duration.between(request.getRequestedAt(), clock.instant());
    if (age.compareTo(maxRequestAge) > 0) {
      log.info(
          "skipped request {}: {} s old, nobody waits for it any more",
          request.getRequestId(),
          age.toSeconds());
      return CompletableFuture.completedFuture(null);
    }
    var out = streams.open(request.getRequestId(), answerPartition, generation, scope);
    // 1. the pre-run chain (S0.2): guards, config sync, memory, rewrite, mode, retrieval (S3)
    return preRun
        .run(request, cancel, scope)
        .thenComposeAsync(
            p -> {
              // 2. say what the answer rests on, then its retrieval path so far, step by step
              out.meta(meta(p));
              p.trace().watch(out::trace);
              // 3. answer: classic from the evidence, or agentic through the tool; the guard cuts
              // off an answer that reproduces the system prompt
              var tokens = new Tokens(out, guard.watch(p), cancel, clock, request.getRequestedAt());
              return (p.agentic() ? agentic(p, tokens) : classic(p, tokens))
                  .thenComposeAsync(answered -> finish(p, out, tokens, answered), scope.inline());
            },
            scope.inline())
        .exceptionallyComposeAsync(
            error -> ended(request, out, Futures.cause(error)), scope.inline());
  }

  /** 4. the sources it cites (all given sources when it cited none), what is missing, done. */
  private CompletableFuture<Void> finish(
      Preparation p, AnswerStream out, Tokens tokens, Answered answered) {
    tokens.flush();
    var citations = citations(answered.passages(), answered.answer().cited());
    citations.forEach(out::citation);
    NeedsHuman needs = answered.evidence().needsHuman().orElse(null);
    if (needs != null) {
      out.needsHuman(needs);
    }
    var sent = out.done(done(answered, needs));
    // 5. the advisors' after-steps (memory keeps the turn and the trace), off the answer's path:
    // done never waits for them
    preRun.after(
        p,
        new Finished(
            tokens.text(),
            citations,
            answered.answer(),
            tokens.asked(),
            tokens.firstMillis(),
            answered.mode(),
            needs));
    return sent;
  }

  /** An answer that could not complete ends with an {@code error} event saying why. */
  private CompletableFuture<Void> ended(ChatRequested request, AnswerStream out, Throwable error) {
    String id = request.getRequestId();
    if (error instanceof Cancellation.Cancelled cancelled) {
      return CompletableFuture.failedFuture(cancelled);
    }
    if (error instanceof PreRunRefusal refused) {
      return out.error(refused.code(), refused.getMessage());
    }
    if (error instanceof AnswerLeak leak) {
      log.warn("answer {} cut off: {}", id, leak.getMessage());
      GuardMetrics.count(meters, "output", request.getLanguage());
      return out.error(
          AnswerLeak.CODE, "the answer was stopped: it was repeating the assistant's setup");
    }
    if (error instanceof ProviderException e) {
      // the provider's own words stay in the log: they may say more than a user should see
      log.warn("answer {} failed: {}", id, e.getMessage());
      return out.error(
          "provider_failed",
          e.midStream()
              ? "the model stopped in the middle of the answer; please ask again"
              : "no model could answer; please try again shortly");
    }
    log.error("answer {} failed unexpectedly", id, error);
    return out.error("internal", "the answer could not be completed; please try again");
  }

  /** What an answer rests on and who gave it. */
  private record Answered(Answer answer, Evidence evidence, List<Passage> passages, String mode) {}

  private CompletableFuture<Answered> classic(Preparation p, Tokens tokens) {
    var evidence = p.evidence();
    var prompt = prompts.build(p);
    if (!p.context().getDegraded()
        && !evidence.parts().isEmpty()
        && evidence.parts().stream().noneMatch(Evidence.PartEvidence::found)) {
      // nothing to ground an answer on: no model is asked, nothing is made up (S3.5)
      var missing = evidence.needsHuman().map(NeedsHuman::getMissing).orElse(List.of());
      ExtractiveProvider.stream(
          MissingEvidence.refusal(p.request().getLanguage(), missing), tokens);
      return CompletableFuture.completedFuture(
          new Answered(
              new Answer(List.of(), "none", "none", Answer.TokenUsage.NONE),
              evidence,
              List.of(),
              "classic"));
    }
    return provider
        .answer(prompt, p.context(), tokens, p.cancel())
        .thenApply(answer -> new Answered(answer, evidence, p.context().getPassages(), "classic"));
  }

  private CompletableFuture<Answered> agentic(Preparation p, Tokens tokens) {
    return agentic
        .answer(p, tokens)
        .thenApply(
            result ->
                new Answered(result.answer(), result.evidence(), result.passages(), "agentic"))
        .exceptionallyCompose(
            error -> {
              if (!(Futures.cause(error) instanceof ProviderException e)
                  || e.midStream()
                  || tokens.started()) {
                return CompletableFuture.failedFuture(Futures.cause(error));
              }
              // no model could answer with the tool: knowledge is never silently lost (S2.3)
              p.trace().mode("classic: no model answered with the tool");
              return classicRetrieval
                  .apply(p.withMode("classic"))
                  .thenCompose(classic -> classic(classic, tokens));
            });
  }

  private AnswerMeta meta(Preparation p) {
    var context = p.context();
    return new AnswerMeta(
        String.join(",", context.getKbNames()),
        provider.name(),
        provider.model(),
        context.getDegraded(),
        p.recall().status(),
        p.recall().turns().size(),
        p.rewritten() ? p.query() : null);
  }

  private static AnswerDone done(Answered answered, NeedsHuman needs) {
    var answer = answered.answer();
    return AnswerDone.newBuilder()
        .setProvider(answer.provider())
        .setModel(answer.model())
        .setPromptTokens(answer.usage().promptTokens())
        .setCompletionTokens(answer.usage().completionTokens())
        .setFallbacks(answer.fallbacks().stream().map(ProviderFailure::shown).toList())
        .setNeedsHuman(needs)
        .setMode(answered.mode())
        .setSearches(answered.evidence().searches())
        .build();
  }

  private static List<Citation> citations(List<Passage> passages, List<Integer> cited) {
    List<Integer> sources =
        cited.isEmpty() ? IntStream.rangeClosed(1, passages.size()).boxed().toList() : cited;
    var citations = new ArrayList<Citation>();
    for (int n : sources) {
      Passage p = passages.get(n - 1);
      citations.add(new Citation(n, p.getSource(), p.getKbName(), p.getRelevance()));
    }
    return citations;
  }
}
