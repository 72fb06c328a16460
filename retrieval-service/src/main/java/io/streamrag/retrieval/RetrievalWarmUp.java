package io.streamrag.retrieval;

import io.streamrag.kit.warmup.WarmUp;
import io.streamrag.retrieval.context.LiveState;
import io.streamrag.retrieval.generation.IndexGenerations;
import io.streamrag.schemas.chat.RetrievalRequested;
import io.streamrag.schemas.chat.RetrievalScope;
import java.time.Clock;
import java.util.List;

/**
 * Searches the index as llm-service would, in Persian, Arabic and English, for every pipeline, once
 * it has caught up: routing, the question's embedding, both legs, fusion and rerank get compiled
 * before the first farmer asks. The sensor is one nobody owns, so only global knowledge is touched;
 * nothing is sent anywhere.
 */
final class RetrievalWarmUp implements WarmUp {

  private static final String NOBODY = "00000000-0000-0000-0000-000000000000";
  private static final List<String[]> QUESTIONS =
      List.of(
          new String[] {"fa", "رطوبت خاک مزرعه من چقدر است و کی آبیاری کنم؟"},
          new String[] {"ar", "ما هي درجة حرارة التربة ومتى أسقي الحقل؟"},
          new String[] {"en", "How much nitrogen fertilizer does wheat need per hectare?"},
          new String[] {"fa", "کود نیتروژن را چه زمانی بدهم؟"},
          new String[] {"en", "What is ET0 and how do I use it for drip irrigation?"},
          new String[] {"ar", "كيف أخفض حموضة التربة؟"});

  private final RetrievalSteps steps;
  private final IndexGenerations generations;
  private final LiveState live;
  private final Clock clock;

  RetrievalWarmUp(RetrievalSteps steps, IndexGenerations generations, LiveState live, Clock clock) {
    this.steps = steps;
    this.generations = generations;
    this.live = live;
    this.clock = clock;
  }

  @Override
  public String name() {
    return "search";
  }

  @Override
  public boolean canStart() {
    return generations.feed().isCaughtUp();
  }

  @Override
  public void round(int round) {
    String[] question = QUESTIONS.get(round % QUESTIONS.size());
    List<String> pipelines = live.pipelines();
    String pipeline = pipelines.isEmpty() ? "default" : pipelines.get(round % pipelines.size());
    var scope =
        RetrievalScope.newBuilder()
            .setRequestId("warm-up-" + round)
            .setUserId("warm-up")
            .setSensorUuid(NOBODY)
            .setPipeline(pipeline)
            .setLanguage(question[0])
            .build();
    steps.handle(
        RetrievalRequested.newBuilder()
            .setCallId("warm-up-" + round)
            .setScope(scope)
            .setQuery(question[1])
            .setRequestedAt(clock.instant())
            .build());
  }
}
