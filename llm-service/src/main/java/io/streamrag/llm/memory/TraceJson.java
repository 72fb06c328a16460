package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.TraceStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Trace steps as the JSON column holds them. */
final class TraceJson {

  private TraceJson() {}

  static List<Map<String, Object>> of(List<TraceStep> steps) {
    var out = new ArrayList<Map<String, Object>>();
    for (TraceStep s : steps) {
      var m = new LinkedHashMap<String, Object>();
      m.put("step", s.getStep());
      m.put("kind", s.getKind());
      m.put("part", s.getPart());
      m.put("query", s.getQuery());
      m.put("kbs", s.getKbs());
      m.put("source", s.getSource());
      m.put("detail", s.getDetail());
      out.add(m);
    }
    return out;
  }

  static List<TraceStep> read(JsonNode steps) {
    var out = new ArrayList<TraceStep>();
    for (JsonNode s : steps) {
      var kbs = new ArrayList<String>();
      s.path("kbs").forEach(k -> kbs.add(k.asString()));
      out.add(
          TraceStep.newBuilder()
              .setStep(s.get("step").asInt())
              .setKind(s.get("kind").asString())
              .setPart(text(s, "part"))
              .setQuery(text(s, "query"))
              .setKbs(kbs)
              .setSource(text(s, "source"))
              .setDetail(s.path("detail").asString(""))
              .build());
    }
    return out;
  }

  private static String text(JsonNode s, String field) {
    return s.path(field).isString() ? s.get(field).asString() : null;
  }
}
