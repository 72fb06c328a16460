package io.streamrag.llm;

import io.streamrag.kit.kafka.Outbox;
import io.streamrag.llm.prompt.PromptBuilder;
import io.streamrag.llm.prompt.Tones;
import io.streamrag.llm.provider.AnswerProvider;
import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.stream.AnswerStream;
import io.streamrag.schemas.chat.AnswerMeta;
import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.ContextRetrieved;
import io.streamrag.schemas.chat.Passage;
import java.time.Clock;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** llm-service, step by step: a retrieved context becomes a streamed, cited answer. */
public class LlmPipeline {

  private static final Logger log = LoggerFactory.getLogger(LlmPipeline.class);

  private final Tones tones;
  private final PromptBuilder prompts;
  private final AnswerProvider provider;
  private final Outbox outbox;
  private final Clock clock;

  public LlmPipeline(
      Tones tones, PromptBuilder prompts, AnswerProvider provider, Outbox outbox, Clock clock) {
    this.tones = tones;
    this.prompts = prompts;
    this.provider = provider;
    this.outbox = outbox;
    this.clock = clock;
  }

  /** Answers one context. */
  public void answer(ContextRetrieved context) {
    var out = new AnswerStream(outbox, clock, context.getRequest().getRequestId());
    // 1. apply the live configuration: the routed KBs' tone as of now (S0.3, S1.1)
    String tone = tones.of(context.getKbNames());
    // 2. build the prompt: tone, instructions, current sensor data, sourced passages, question
    // (S0.5, S1.7)
    var prompt = prompts.build(context, tone);
    // 3. say who answers, from which KBs, and whether the knowledge base was reachable
    out.meta(
        new AnswerMeta(
            String.join(",", context.getKbNames()),
            provider.name(),
            provider.model(),
            context.getDegraded()));
    try {
      // 4. stream the answer token by token
      List<Integer> cited = provider.answer(prompt, context, out::token).cited();
      // 5. the sources it cites (all given sources when the model cited none)
      List<Passage> passages = context.getPassages();
      List<Integer> sources =
          cited.isEmpty() ? IntStream.rangeClosed(1, passages.size()).boxed().toList() : cited;
      for (int n : sources) {
        Passage p = passages.get(n - 1);
        out.citation(new Citation(n, p.getSource(), p.getKbName(), p.getRelevance()));
      }
      out.done();
    } catch (ProviderException e) {
      log.warn("answer {} failed: {}", context.getRequest().getRequestId(), e.getMessage());
      out.error("provider_failed", e.getMessage());
    }
  }
}
