package io.streamrag.llm;

import io.micrometer.core.instrument.MeterRegistry;
import io.streamrag.kit.guard.GuardMetrics;
import io.streamrag.llm.agentic.AgenticAnswerer;
import io.streamrag.llm.evidence.Evidence;
import io.streamrag.llm.guard.AnswerLeak;
import io.streamrag.llm.guard.OutputGuard;
import io.streamrag.llm.memory.TurnRecorder;
import io.streamrag.llm.prerun.PreRunChain;
import io.streamrag.llm.prerun.PreRunRefusal;
import io.streamrag.llm.prerun.PreRunStep;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.prompt.MissingEvidence;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.provider.Answer;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.llm.provider.ExtractiveProvider;
import io.streamrag.llm.provider.ProviderException;
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
  private final TurnRecorder memory;
  private final AnswerStreams streams;
  private final Duration maxRequestAge;
  private final int leakWords;
  private final MeterRegistry meters;
  private final Clock clock;

  /**
   * @param classicRetrieval the chain's retrieval step, run again in classic mode when an agentic
   *     answer finds no model to answer it
   * @param leakWords how many words in a row of the instructions make an answer a copy of them
   * @param meters where cut-off answers are counted ({@link GuardMetrics}, layer {@code output})
   */
  public LlmSteps(
      PreRunChain preRun,
      PreRunStep classicRetrieval,
      PromptBuilder prompts,
      AnswerProvider provider,
      AgenticAnswerer agentic,
      TurnRecorder memory,
      AnswerStreams streams,
      Duration maxRequestAge,
      int leakWords,
      MeterRegistry meters,
      Clock clock) {
    this.preRun = preRun;
    this.classicRetrieval = classicRetrieval;
    this.prompts = prompts;
    this.provider = provider;
    this.agentic = agentic;
    this.memory = memory;
    this.streams = streams;
    this.maxRequestAge = maxRequestAge;
    this.leakWords = leakWords;
    this.meters = meters;
    this.clock = clock;
  }

  /** Answers one chat request. */
  public void answer(ChatRequested request) {
    // 0. a request whose caller has given up is skipped: after an outage, the backlog must not keep
    // the questions still waited for waiting
    Duration age = Duration.between(request.getRequestedAt(), clock.instant());
    if (age.compareTo(maxRequestAge) > 0) {
      log.info(
          "skipped request {}: {} s old, nobody waits for it any more",
          request.getRequestId(),
          age.toSeconds());
      return;
    }
    var out = streams.open(request.getRequestId());
    // 1. the pre-run chain (S0.2): guards, config sync, memory, rewrite, mode, retrieval (S3)
    Preparation p;
    try {
      p = preRun.run(request);
    } catch (PreRunRefusal refused) {
      out.error(refused.code(), refused.getMessage());
      return;
    }
    // 2. say what the answer rests on, then its retrieval path so far, step by step (S3.6)
    out.meta(meta(p));
    p.trace().watch(out::trace);
    // 3. answer: classic from the evidence, or agentic through the tool; the output guard cuts
    // off an answer that reproduces the system prompt (its marker, or the instructions verbatim)
    var text = new StringBuilder();
    var tokens =
        new Tokens(out, OutputGuard.of(p, leakWords), text, clock, request.getRequestedAt());
    Answered answered;
    try {
      answered = p.agentic() ? agentic(p, tokens) : classic(p, tokens);
      tokens.flush();
    } catch (ProviderException e) {
      log.warn("answer {} failed: {}", request.getRequestId(), e.getMessage());
      out.error("provider_failed", e.getMessage());
      return;
    } catch (AnswerLeak leak) {
      log.warn(
          "answer {} cut off after {} characters: {}",
          request.getRequestId(),
          text.length(),
          leak.getMessage());
      GuardMetrics.count(meters, "output", request.getLanguage());
      out.error(AnswerLeak.CODE, "the answer was stopped: it was repeating the assistant's setup");
      return;
    }
    // 4. the sources it cites (all given sources when it cited none), what is missing, done
    var citations = citations(answered.passages(), answered.answer().cited());
    citations.forEach(out::citation);
    NeedsHuman needs = answered.evidence().needsHuman().orElse(null);
    if (needs != null) {
      out.needsHuman(needs);
    }
    out.done(done(answered, needs));
    // 5. remember the turn and keep the trace, off this thread: done never waits (S0.7, S3.6)
    memory.record(
        Remembered.turn(p, text.toString(), citations, answered.answer(), tokens, clock),
        Remembered.trace(p, answered.mode(), needs),
        p.recall().remembers());
  }

  /** What an answer rests on and who gave it. */
  private record Answered(Answer answer, Evidence evidence, List<Passage> passages, String mode) {}

  private Answered classic(Preparation p, Tokens tokens) {
    var evidence = p.evidence();
    var prompt = prompts.build(p);
    if (!p.context().getDegraded()
        && !evidence.parts().isEmpty()
        && evidence.parts().stream().noneMatch(Evidence.PartEvidence::found)) {
      // nothing to ground an answer on: no model is asked, nothing is made up (S3.5)
      var missing = evidence.needsHuman().map(NeedsHuman::getMissing).orElse(List.of());
      ExtractiveProvider.stream(
          MissingEvidence.refusal(p.request().getLanguage(), missing), tokens);
      return new Answered(
          new Answer(List.of(), "none", "none", Answer.TokenUsage.NONE),
          evidence,
          List.of(),
          "classic");
    }
    var answer = provider.answer(prompt, p.context(), tokens);
    return new Answered(answer, evidence, p.context().getPassages(), "classic");
  }

  private Answered agentic(Preparation p, Tokens tokens) {
    try {
      var result = agentic.answer(p, tokens);
      return new Answered(result.answer(), result.evidence(), result.passages(), "agentic");
    } catch (ProviderException e) {
      if (e.midStream() || tokens.started()) {
        throw e;
      }
      // no model could answer with the tool: knowledge is never silently lost (S2.3)
      p.trace()
          .add("mode", null, null, List.of(), null, "classic: no model answered with the tool");
      var classic = classicRetrieval.apply(p.withMode("classic"));
      return classic(classic, tokens);
    }
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
        .setFallbacks(
            answer.fallbacks().stream().map(f -> f.provider() + ": " + f.reason()).toList())
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
