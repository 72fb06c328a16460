package io.streamrag.llm;

import io.streamrag.kit.kafka.Outbox;
import io.streamrag.llm.memory.MemoryRecall;
import io.streamrag.llm.memory.StoredTurn;
import io.streamrag.llm.memory.TurnRecorder;
import io.streamrag.llm.prerun.PreRunChain;
import io.streamrag.llm.prerun.PreRunRefusal;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.provider.Answer;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.stream.AnswerStream;
import io.streamrag.schemas.chat.AnswerDone;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.Passage;
import io.streamrag.schemas.chat.RememberedTurn;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * llm-service, step by step: a chat request becomes a streamed, cited answer that the conversation
 * remembers.
 */
public class LlmPipeline {

  private static final Logger log = LoggerFactory.getLogger(LlmPipeline.class);

  private final PreRunChain preRun;
  private final PromptBuilder prompts;
  private final AnswerProvider provider;
  private final TurnRecorder memory;
  private final Outbox outbox;
  private final Clock clock;

  public LlmPipeline(
      PreRunChain preRun,
      PromptBuilder prompts,
      AnswerProvider provider,
      TurnRecorder memory,
      Outbox outbox,
      Clock clock) {
    this.preRun = preRun;
    this.prompts = prompts;
    this.provider = provider;
    this.memory = memory;
    this.outbox = outbox;
    this.clock = clock;
  }

  /** Answers one chat request. */
  public void answer(ChatRequested request) {
    Instant asked = request.getRequestedAt();
    var out = new AnswerStream(outbox, clock, request.getRequestId());
    // 1. the pre-run chain (S0.2): guards, config sync, memory, follow-up rewrite, retrieval
    Preparation p;
    try {
      p = preRun.run(request);
    } catch (PreRunRefusal refused) {
      out.error(refused.code(), refused.getMessage());
      return;
    }
    // 2. say what the answer rests on: KBs, memory, the query searched, who answers first
    var context = p.context();
    out.meta(
        new AnswerMeta(
            String.join(",", context.getKbNames()),
            provider.name(),
            provider.model(),
            context.getDegraded(),
            p.recall().status(),
            p.recall().turns().size(),
            p.rewritten() ? p.query() : null));
    // 3. the prompt: tone, instructions, sensor data, sourced passages, earlier turns, question
    var prompt = prompts.build(p);
    // 4. stream the answer, from whichever provider is up (S1.8)
    var text = new StringBuilder();
    long[] firstToken = {-1};
    Answer answer;
    try {
      answer =
          provider.answer(
              prompt,
              context,
              piece -> {
                if (firstToken[0] < 0) {
                  firstToken[0] = Duration.between(asked, clock.instant()).toMillis();
                }
                text.append(piece);
                out.token(piece);
              });
    } catch (ProviderException e) {
      log.warn("answer {} failed: {}", request.getRequestId(), e.getMessage());
      out.error("provider_failed", e.getMessage());
      return;
    }
    // 5. the sources it cites (all given sources when it cited none), then done
    var citations = citations(context.getPassages(), answer.cited());
    citations.forEach(out::citation);
    out.done(
        new AnswerDone(
            answer.provider(),
            answer.model(),
            answer.usage().promptTokens(),
            answer.usage().completionTokens(),
            answer.fallbacks().stream().map(f -> f.provider() + ": " + f.reason()).toList()));
    // 6. remember the turn, off this thread: done never waits for the database (S0.7)
    if (!"off".equals(p.recall().status())) {
      memory.record(turn(p, text.toString(), citations, answer, asked, firstToken[0]));
    }
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

  private StoredTurn turn(
      Preparation p,
      String text,
      List<Citation> citations,
      Answer answer,
      Instant asked,
      long firstTokenMs) {
    Instant answered = clock.instant();
    var request = p.request();
    return new StoredTurn(
        MemoryRecall.keyOf(request),
        request.getPipeline(),
        RememberedTurn.newBuilder()
            .setRequestId(request.getRequestId())
            .setQuestion(request.getMessage())
            .setQuery(p.rewritten() ? p.query() : null)
            .setAnswer(text)
            .setLanguage(request.getLanguage())
            .setKbs(p.context().getKbNames())
            .setCitations(citations)
            .setProvider(answer.provider())
            .setModel(answer.model())
            .setPromptTokens(answer.usage().promptTokens())
            .setCompletionTokens(answer.usage().completionTokens())
            .setAskedAt(asked)
            .setAnsweredAt(answered)
            .setFirstTokenMs(Math.max(firstTokenMs, 0))
            .setTotalMs(Duration.between(asked, answered).toMillis())
            .build());
  }
}
