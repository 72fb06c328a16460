package io.streamrag.llm;

import io.streamrag.kit.guard.PromptInjectionGuardrail;
import io.streamrag.kit.warmup.WarmUp;
import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.DeterministicPlanner;
import io.streamrag.llm.evidence.EvidenceLoop;
import io.streamrag.llm.evidence.Searcher;
import io.streamrag.llm.evidence.Trace;
import io.streamrag.llm.provider.ExtractiveProvider;
import io.streamrag.llm.provider.model.Cancellation;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The CPU-bound part of an answer, on made-up passages in Persian, Arabic and English: the
 * injection guard's patterns and corpus, the evidence loop with the deterministic planner's judge
 * (stems, focus windows, answer types), and the extractive provider's token stream. No model is
 * asked, nothing is searched or sent; the service's own guard (with its model judge) and planner
 * are not used for that reason.
 */
final class LlmWarmUp implements WarmUp {

  private record Sample(String language, String question, String passage) {}

  private static final List<Sample> SAMPLES =
      List.of(
          new Sample(
              "fa",
              "رطوبت خاک برای آبیاری قطره‌ای گندم چند درصد باشد؟",
              "برای گندم، آبیاری وقتی لازم است که رطوبت خاک به زیر ۲۵ درصد برسد. در آبیاری"
                  + " قطره‌ای، هر بار ۱۵ تا ۲۰ میلی‌متر آب کافی است. خاک‌های شنی زودتر خشک"
                  + " می‌شوند؛ خاک رسی آب را بیشتر نگه می‌دارد."),
          new Sample(
              "ar",
              "كم كيلوغرام من النيتروجين يحتاج القمح للهكتار؟",
              "يحتاج القمح إلى 120 كيلوغرام من النيتروجين للهكتار، تقسم على دفعتين. تضاف الدفعة"
                  + " الأولى عند الزراعة والثانية عند الإشطاء. لا تسمد قبل مطر غزير."),
          new Sample(
              "en",
              "When should I irrigate maize if soil moisture is 18 percent?",
              "Irrigate maize when soil moisture falls below 20 percent of field capacity. Apply"
                  + " 25 mm per irrigation on loam soils. Avoid irrigation before forecast rain of"
                  + " more than 10 mm."));

  private final PromptInjectionGuardrail guard = new PromptInjectionGuardrail();
  private final EvidenceLoop loop;

  LlmWarmUp(double relevanceThreshold, double paraphraseSimilarity) {
    this.loop =
        new EvidenceLoop(new DeterministicPlanner(relevanceThreshold, paraphraseSimilarity));
  }

  @Override
  public String name() {
    return "answer";
  }

  @Override
  public void round(int round) {
    var sample = SAMPLES.get(round % SAMPLES.size());
    guard.check(sample.question());
    var candidate =
        new Candidate(
            "warm-up-" + round,
            sample.passage(),
            "warm-up.md",
            "warm-up",
            null,
            0.8,
            sample.language(),
            Double.NaN);
    Searcher searcher =
        (query, part) ->
            CompletableFuture.completedFuture(
                new Searcher.Found(List.of(candidate), List.of("warm-up"), false, null));
    loop.gather(sample.question(), sample.language(), 4, searcher, new Trace(), Cancellation.none())
        .join();
    ExtractiveProvider.stream(sample.passage(), token -> {});
  }
}
