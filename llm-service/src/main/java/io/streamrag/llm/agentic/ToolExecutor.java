package io.streamrag.llm.agentic;

import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.evidence.Planner;
import io.streamrag.llm.evidence.Trace;
import io.streamrag.llm.evidence.Verdict;
import io.streamrag.llm.provider.model.ToolCall;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.KnowledgeResult;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.Passage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the model's tool calls of one answer: each {@code query} spends one search of the budget
 * (S3.2), and every result is judged against the parts of the question before the model sees it
 * (S3.4), so a passage about another entity never becomes its evidence. What the model gets back is
 * JSON: the accepted results numbered for citation, the failed KBs (S2.2), and how many searches
 * are left.
 */
final class ToolExecutor {

  private final KnowledgeTool tool;
  private final Planner planner;
  private final JsonMapper json;
  private final ChatRequested chat;
  private final List<Part> parts;
  private final int budget;
  private final Trace trace;
  private final Map<Part, List<Candidate>> accepted = new LinkedHashMap<>();
  private final Map<Part, List<String>> queries = new LinkedHashMap<>();
  private final List<Passage> numbered = new ArrayList<>();
  private int searches;

  ToolExecutor(
      KnowledgeTool tool,
      Planner planner,
      JsonMapper json,
      ChatRequested chat,
      List<Part> parts,
      int budget,
      Trace trace) {
    this.tool = tool;
    this.planner = planner;
    this.json = json;
    this.chat = chat;
    this.parts = parts;
    this.budget = budget;
    this.trace = trace;
    parts.forEach(
        p -> {
          accepted.put(p, new ArrayList<>());
          queries.put(p, new ArrayList<>());
        });
  }

  /** The tool's answer to one call, as the JSON text of a tool message. */
  String run(ToolCall call) {
    JsonNode args;
    try {
      args = json.readTree(call.arguments() == null ? "{}" : call.arguments());
    } catch (JacksonException e) {
      return error("the arguments are not valid JSON: " + e.getOriginalMessage());
    }
    if (!KnowledgeTool.NAME.equals(call.name())) {
      return error("there is no tool " + call.name() + "; use " + KnowledgeTool.NAME);
    }
    return switch (args.path("action").asString("")) {
      case "list" -> list();
      case "query" -> query(args);
      default -> error("action must be \"list\" or \"query\"");
    };
  }

  private String list() {
    var answered = tool.list(chat);
    trace.add(
        "tool",
        null,
        null,
        List.of(),
        null,
        "list: " + answered.getKnowledgeBases().size() + " knowledge bases");
    if (answered.getError() != null) {
      return error(answered.getError());
    }
    ObjectNode out = json.createObjectNode();
    var kbs = out.putArray("knowledge_bases");
    answered
        .getKnowledgeBases()
        .forEach(
            kb ->
                kbs.addObject()
                    .put("kb_id", kb.getKbId())
                    .put("name", kb.getName())
                    .put("description", kb.getDescription()));
    return out.toString();
  }

  private String query(JsonNode args) {
    var kbIds = new ArrayList<String>();
    if (args.path("kb_id").isString()) {
      kbIds.add(args.get("kb_id").asString());
    }
    args.path("kb_ids").forEach(k -> kbIds.add(k.asString()));
    String text = args.path("query_text").asString("");
    int topK = args.path("top_k").isIntegralNumber() ? args.get("top_k").asInt() : 5;
    if (searches >= budget) {
      trace.add("budget", null, text, kbIds, null, "search budget of " + budget + " spent");
      return error(
          "the search budget of "
              + budget
              + " searches is spent: answer from what you found, and say what is missing");
    }
    KnowledgeToolAnswered answered = tool.query(chat, kbIds, text, topK);
    if (answered.getError() != null) {
      // refused before any search (e.g. a KB outside the pipeline): no search spent
      trace.add("tool", null, text, kbIds, null, "refused: " + answered.getError());
      return error(answered.getError());
    }
    searches++;
    trace.add(
        "search",
        null,
        text,
        kbIds,
        null,
        answered.getResults().size()
            + " results"
            + (answered.getFailedKbs().isEmpty()
                ? ""
                : ", failed: " + answered.getFailedKbs().size()));
    var usable = judge(text, answered.getResults());
    ObjectNode out = json.createObjectNode();
    var results = out.putArray("results");
    for (KnowledgeResult r : usable) {
      int n = number(r);
      results
          .addObject()
          .put("n", n)
          .put("knowledge_base_id", r.getKnowledgeBaseId())
          .put("source", r.getSource())
          .put("relevance", r.getRelevance())
          .put("text", r.getText());
    }
    var failed = out.putArray("failed_kbs");
    answered
        .getFailedKbs()
        .forEach(f -> failed.addObject().put("kb_id", f.getKbId()).put("reason", f.getReason()));
    out.put("rejected", answered.getResults().size() - usable.size());
    out.put("searches_left", budget - searches);
    return out.toString();
  }

  /** The results that are evidence for some part; each judged against every part. */
  private List<KnowledgeResult> judge(String query, List<KnowledgeResult> results) {
    var candidates =
        results.stream()
            .map(
                r ->
                    new Candidate(
                        r.getPointId(),
                        r.getText(),
                        r.getSource(),
                        r.getKnowledgeBaseId(),
                        r.getSensorUuid(),
                        r.getRelevance(),
                        r.getLanguage()))
            .toList();
    var usable = new boolean[results.size()];
    var reasons = new String[results.size()];
    for (Part part : parts) {
      queries.get(part).add(query);
      List<Verdict> verdicts = planner.judge(part, candidates);
      for (int i = 0; i < candidates.size(); i++) {
        if (verdicts.get(i).accepted()) {
          usable[i] = true;
          reasons[i] = verdicts.get(i).reason();
          var list = accepted.get(part);
          Candidate c = candidates.get(i);
          if (list.stream().noneMatch(a -> a.pointId().equals(c.pointId()))) {
            list.add(c);
          }
        } else if (reasons[i] == null) {
          reasons[i] = verdicts.get(i).reason();
        }
      }
    }
    var out = new ArrayList<KnowledgeResult>();
    for (int i = 0; i < results.size(); i++) {
      trace.add(
          usable[i] ? "accept" : "reject",
          null,
          null,
          List.of(results.get(i).getKnowledgeBaseId()),
          results.get(i).getSource(),
          reasons[i]);
      if (usable[i]) {
        out.add(results.get(i));
      }
    }
    return out;
  }

  /** The result's number for citation, the same each time it comes back. */
  private int number(KnowledgeResult r) {
    for (int i = 0; i < numbered.size(); i++) {
      if (numbered.get(i).getPointId().equals(r.getPointId())) {
        return i + 1;
      }
    }
    numbered.add(
        new Passage(
            r.getPointId(),
            r.getText(),
            r.getSource(),
            r.getKnowledgeBaseId(),
            r.getSensorUuid(),
            0,
            r.getLanguage(),
            r.getRelevance()));
    return numbered.size();
  }

  private String error(String message) {
    return json.createObjectNode().put("error", message).toString();
  }

  int searches() {
    return searches;
  }

  /** The passages the model was given, numbered as it may cite them. */
  List<Passage> numbered() {
    return List.copyOf(numbered);
  }

  Map<Part, List<Candidate>> accepted() {
    return accepted;
  }

  Map<Part, List<String>> queries() {
    return queries;
  }
}
