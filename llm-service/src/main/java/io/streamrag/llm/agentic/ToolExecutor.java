package io.streamrag.llm.agentic;

import io.streamrag.kit.guard.PassageScreen;
import io.streamrag.llm.evidence.Candidate;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.evidence.Planner;
import io.streamrag.llm.evidence.Trace;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.provider.model.ToolCall;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.KnowledgeResult;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the model's tool calls of one answer: each {@code query} spends one search of the budget
 * (S3.2), and every result is judged against the parts of the question before the model sees it
 * (S3.4), so a passage about another entity never becomes its evidence. What the model gets back is
 * JSON: the accepted results numbered for citation, the failed KBs (S2.2), and how many searches
 * are left. A round's calls run one after another (each waiting, without a thread, for its search),
 * so its state needs no lock.
 */
final class ToolExecutor {

  private final KnowledgeTool tool;
  private final JsonMapper json;
  private final Preparation p;
  private final ChatRequested chat;
  private final int budget;
  private final Trace trace;
  private final ResultJudgement judgement;
  private static final PassageScreen SCREEN = PassageScreen.standard();

  private final List<Passage> numbered = new ArrayList<>();
  private int searches;

  ToolExecutor(
      KnowledgeTool tool, Planner planner, JsonMapper json, Preparation p, List<Part> parts) {
    this.tool = tool;
    this.json = json;
    this.p = p;
    this.chat = p.request();
    this.budget = p.settings().searchBudget();
    this.trace = p.trace();
    this.judgement = new ResultJudgement(planner, parts, trace, p.cancel());
  }

  /** The tool's answer to one call, as the JSON text of a tool message, once it has one. */
  CompletableFuture<String> run(ToolCall call) {
    JsonNode args;
    try {
      args = json.readTree(call.arguments() == null ? "{}" : call.arguments());
    } catch (JacksonException e) {
      return done(error("the arguments are not valid JSON: " + e.getOriginalMessage()));
    }
    if (!KnowledgeTool.NAME.equals(call.name())) {
      return done(error("there is no tool " + call.name() + "; use " + KnowledgeTool.NAME));
    }
    return switch (args.path("action").asString("")) {
      case "list" -> tool.list(chat, p).thenApply(this::listed);
      case "query" -> query(args);
      default -> done(error("action must be \"list\" or \"query\""));
    };
  }

  private static CompletableFuture<String> done(String toolMessage) {
    return CompletableFuture.completedFuture(toolMessage);
  }

  private String listed(KnowledgeToolAnswered answered) {
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

  private CompletableFuture<String> query(JsonNode args) {
    var kbIds = new ArrayList<String>();
    if (args.path("kb_id").isString()) {
      kbIds.add(args.get("kb_id").asString());
    }
    args.path("kb_ids").forEach(k -> kbIds.add(k.asString()));
    String text = args.path("query_text").asString("");
    int topK = args.path("top_k").isIntegralNumber() ? args.get("top_k").asInt() : 5;
    if (searches >= budget) {
      trace.add("budget", null, text, kbIds, null, "search budget of " + budget + " spent");
      return done(
          error(
              "the search budget of "
                  + budget
                  + " searches is spent: answer from what you found, and say what is missing"));
    }
    return tool.query(chat, kbIds, text, topK, p)
        .thenCompose(answered -> searched(answered, text, kbIds));
  }

  private CompletableFuture<String> searched(
      KnowledgeToolAnswered answered, String text, List<String> kbIds) {
    if (answered.getError() != null) {
      // refused before any search (e.g. a KB outside the pipeline): no search spent
      trace.add("tool", null, text, kbIds, null, "refused: " + answered.getError());
      return done(error(answered.getError()));
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
    // a result that speaks to the model (indirect injection) never reaches it, nor the judgement
    return judgement
        .usable(text, SCREEN.keep(answered.getResults(), KnowledgeResult::getText))
        .thenApply(usable -> results(answered, usable));
  }

  private String results(KnowledgeToolAnswered answered, List<KnowledgeResult> usable) {
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
            r.getRelevance(),
            null));
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
    return judgement.accepted();
  }

  Map<Part, List<String>> queries() {
    return judgement.queries();
  }
}
