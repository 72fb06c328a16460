package io.streamrag.gateway.trace;

import io.streamrag.schemas.chat.TraceStep;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One trace step as the client reads it, the same on every path (the chat stream's {@code trace}
 * events, {@code x_streamrag.trace} of the OpenAI-compatible API, {@code GET} of a stored trace):
 * step, kind, then part, query, KBs and source where the step has them, and its detail.
 */
public final class TraceStepJson {

  private TraceStepJson() {}

  /** The JSON object of {@code t}, fields in a fixed order. */
  public static Map<String, Object> of(TraceStep t) {
    var step = new LinkedHashMap<String, Object>();
    step.put("step", t.getStep());
    step.put("kind", t.getKind());
    if (t.getPart() != null) {
      step.put("part", t.getPart());
    }
    if (t.getQuery() != null) {
      step.put("query", t.getQuery());
    }
    if (!t.getKbs().isEmpty()) {
      step.put("kbs", t.getKbs());
    }
    if (t.getSource() != null) {
      step.put("source", t.getSource());
    }
    step.put("detail", t.getDetail());
    return step;
  }
}
