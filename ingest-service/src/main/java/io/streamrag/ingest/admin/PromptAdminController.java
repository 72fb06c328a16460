package io.streamrag.ingest.admin;

import io.streamrag.ingest.admin.Edits.Invalid;
import io.streamrag.kit.web.Blocking;
import io.streamrag.kit.web.Problems;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import io.streamrag.schemas.knowledge.PipelineConfigured;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The live prompts, behind the admin token (S0.2, S0.3): {@code GET}/{@code PUT
 * /admin/pipelines/{name}} (instructions, degraded-KB text, memory window, retrieval mode, agentic
 * instructions, search budget, and its KBs: {@code kbs} creates a pipeline or changes which KBs
 * belong to it) and {@code /admin/kbs/{kb}/tone}. A {@code PUT} names only the fields it changes;
 * the next chat message uses the new values, without a restart.
 */
@RestController
class PromptAdminController {

  static final int MAX_TURNS = 50;
  static final int MAX_TOKENS = 100_000;
  static final int MAX_SEARCHES = 20;
  private static final Set<String> PIPELINE_FIELDS =
      Set.of(
          "instructions",
          "degraded_instructions",
          "memory_max_turns",
          "memory_max_tokens",
          "mode",
          "agentic_instructions",
          "search_budget",
          "kbs");

  private final PromptConfigs configs;
  private final JsonMapper json;

  PromptAdminController(PromptConfigs configs, JsonMapper json) {
    this.configs = configs;
    this.json = json;
  }

  @GetMapping("/admin/pipelines/{name}")
  Mono<ResponseEntity<?>> pipeline(@PathVariable String name) {
    return Blocking.call(
        () ->
            configs.pipelineExists(name)
                ? ResponseEntity.ok(view(configs.pipeline(name)))
                : noPipeline(name));
  }

  @PutMapping("/admin/pipelines/{name}")
  Mono<ResponseEntity<?>> putPipeline(
      @PathVariable String name, @RequestBody(required = false) byte[] body) {
    return Blocking.call(
        () -> {
          JsonNode edit;
          try {
            edit = Edits.object(json, body);
          } catch (Invalid e) {
            return e.response();
          }
          // a pipeline exists while some KB belongs to it: naming its kbs creates it
          if (!configs.pipelineExists(name) && !edit.has("kbs")) {
            return noPipeline(name);
          }
          var next = PipelineConfigured.newBuilder(configs.pipeline(name));
          List<String> kbs = null;
          try {
            for (var field : edit.properties()) {
              String key = field.getKey();
              JsonNode value = field.getValue();
              switch (key) {
                case "instructions" -> next.setInstructions(Edits.text(key, value, false));
                case "degraded_instructions" ->
                    next.setDegradedInstructions(Edits.text(key, value, false));
                case "memory_max_turns" ->
                    next.setMemoryMaxTurns(Edits.number(key, value, MAX_TURNS));
                case "memory_max_tokens" ->
                    next.setMemoryMaxTokens(Edits.number(key, value, MAX_TOKENS));
                case "mode" -> next.setMode(mode(value));
                case "agentic_instructions" ->
                    next.setAgenticInstructions(Edits.text(key, value, true));
                case "search_budget" -> next.setSearchBudget(budget(value));
                case "kbs" -> kbs = configs.existingKbs(key, value);
                default ->
                    throw new Invalid(
                        key, "unknown field " + key + "; the fields are " + PIPELINE_FIELDS);
              }
            }
            if (kbs != null && !name.matches(PromptConfigs.KB_NAME)) {
              throw new Invalid(
                  "pipeline",
                  "a pipeline's name is lowercase letters, digits, - and _ (at most 63)");
            }
            if (kbs != null) {
              configs.saveMembers(name, kbs);
            }
          } catch (Invalid e) {
            return e.response();
          }
          return ResponseEntity.ok(view(configs.save(next, "admin")));
        });
  }

  @GetMapping("/admin/kbs/{kb}/tone")
  Mono<ResponseEntity<?>> tone(@PathVariable String kb) {
    return Blocking.call(
        () ->
            configs
                .knowledgeBase(kb)
                .<ResponseEntity<?>>map(c -> ResponseEntity.ok(tone(c)))
                .orElseGet(() -> noKb(kb)));
  }

  @PutMapping("/admin/kbs/{kb}/tone")
  Mono<ResponseEntity<?>> putTone(
      @PathVariable String kb, @RequestBody(required = false) byte[] body) {
    return Blocking.call(
        () -> {
          var existing = configs.knowledgeBase(kb);
          if (existing.isEmpty()) {
            return noKb(kb);
          }
          try {
            JsonNode edit = Edits.object(json, body);
            for (var field : edit.properties()) {
              if (!field.getKey().equals("tone")) {
                throw new Invalid(
                    field.getKey(), "unknown field " + field.getKey() + "; send {\"tone\": \"…\"}");
              }
            }
            if (!edit.has("tone")) {
              throw new Invalid("tone", "send {\"tone\": \"…\"} (an empty tone removes it)");
            }
            String tone = Edits.text("tone", edit.get("tone"), true);
            return ResponseEntity.ok(tone(configs.saveTone(existing.get(), tone)));
          } catch (Invalid e) {
            return e.response();
          }
        });
  }

  private static int budget(JsonNode value) {
    if (!value.isIntegralNumber() || value.asInt() < 1 || value.asInt() > MAX_SEARCHES) {
      throw new Invalid(
          "search_budget", "search_budget must be a whole number from 1 to " + MAX_SEARCHES);
    }
    return value.asInt();
  }

  private static String mode(JsonNode value) {
    if (!value.isString() || !value.asString().matches("classic|agentic|auto")) {
      throw new Invalid("mode", "mode must be classic, agentic or auto");
    }
    return value.asString();
  }

  private Map<String, Object> view(PipelineConfigured c) {
    var view = new LinkedHashMap<String, Object>();
    view.put("pipeline", c.getPipeline());
    view.put("kbs", configs.kbsOf(c.getPipeline()));
    view.put("instructions", c.getInstructions());
    view.put("degraded_instructions", c.getDegradedInstructions());
    view.put("memory_max_turns", c.getMemoryMaxTurns());
    view.put("memory_max_tokens", c.getMemoryMaxTokens());
    view.put("mode", c.getMode());
    view.put("agentic_instructions", c.getAgenticInstructions());
    view.put("search_budget", c.getSearchBudget());
    view.put("updated_at", c.getUpdatedAt().toString());
    view.put("updated_by", c.getUpdatedBy());
    return view;
  }

  private static Map<String, Object> tone(KnowledgeBaseConfigured c) {
    var view = new LinkedHashMap<String, Object>();
    view.put("kb", c.getKbName());
    view.put("tone", c.getTone());
    view.put("updated_at", c.getUpdatedAt().toString());
    return view;
  }

  private static ResponseEntity<ProblemDetail> noPipeline(String name) {
    return Problems.response(
        Problems.of(
            404,
            "pipeline_not_found",
            "no knowledge base belongs to pipeline " + name + "; name its kbs to create it"));
  }

  private static ResponseEntity<ProblemDetail> noKb(String kb) {
    return Problems.response(Problems.of(404, "kb_not_found", "there is no knowledge base " + kb));
  }
}
