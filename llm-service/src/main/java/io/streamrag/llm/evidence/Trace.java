package io.streamrag.llm.evidence;

import io.streamrag.schemas.chat.TraceStep;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The retrieval path of one answer (S3.6): every plan, search, rewrite, acceptance and rejection,
 * numbered in order and kept (stored with the answer). Steps taken before anyone watches (during
 * the pre-run chain, before the stream's {@code meta}) wait and are handed on when {@link #watch}
 * is called; later ones are handed on as they happen (the SSE {@code trace} event).
 */
public final class Trace {

  private final List<TraceStep> steps = new ArrayList<>();
  private Consumer<TraceStep> live;

  /** A trace nobody watches yet. */
  public Trace() {}

  /** A trace nobody watches. */
  public static Trace quiet() {
    return new Trace();
  }

  public synchronized void add(
      String kind, String part, String query, List<String> kbs, String source, String detail) {
    var step =
        TraceStep.newBuilder()
            .setStep(steps.size() + 1)
            .setKind(kind)
            .setPart(part)
            .setQuery(query)
            .setKbs(kbs)
            .setSource(source)
            .setDetail(detail)
            .build();
    steps.add(step);
    if (live != null) {
      live.accept(step);
    }
  }

  /** The retrieval mode chosen for the answer ({@code classic} or {@code tool}) and why. */
  public void mode(String detail) {
    add("mode", null, null, List.of(), null, detail);
  }

  /** Hands on every step so far, then each new one as it happens. */
  public synchronized void watch(Consumer<TraceStep> watcher) {
    steps.forEach(watcher);
    live = watcher;
  }

  public synchronized List<TraceStep> steps() {
    return List.copyOf(steps);
  }
}
