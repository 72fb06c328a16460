package io.streamrag.ingest.admin;

import io.streamrag.ingest.admin.Edits.Invalid;
import io.streamrag.kit.web.Blocking;
import io.streamrag.kit.web.Problems;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Knowledge bases and the pipelines they make up, behind the admin token: {@code GET /admin/kbs},
 * {@code GET /admin/kbs/{kb}}, {@code PUT /admin/kbs/{kb}} (creates a KB, or changes the fields it
 * names: name, description, languages, pipelines, routing keywords, tone) and {@code GET
 * /admin/pipelines}. A KB is its record on {@code kb.configs}: retrieval routes to it and searches
 * it, llm-service lists it to the model, from the next message on.
 */
@RestController
class KbAdminController {

  static final int MAX_KEYWORDS = 200;
  private static final Set<String> FIELDS =
      Set.of("name", "description", "languages", "pipelines", "routing_keywords", "tone");

  private final PromptConfigs configs;
  private final JsonMapper json;

  KbAdminController(PromptConfigs configs, JsonMapper json) {
    this.configs = configs;
    this.json = json;
  }

  @GetMapping("/admin/kbs")
  Mono<ResponseEntity<?>> kbs() {
    return Blocking.call(
        () ->
            ResponseEntity.ok(
                Map.of(
                    "kbs",
                    configs.knowledgeBases().stream().map(KbAdminController::view).toList())));
  }

  @GetMapping("/admin/pipelines")
  Mono<ResponseEntity<?>> pipelines() {
    return Blocking.call(
        () ->
            ResponseEntity.ok(
                Map.of(
                    "pipelines",
                    configs.pipelines().entrySet().stream()
                        .map(e -> Map.of("pipeline", e.getKey(), "kbs", e.getValue()))
                        .toList())));
  }

  @GetMapping("/admin/kbs/{kb}")
  Mono<ResponseEntity<?>> kb(@PathVariable String kb) {
    return Blocking.call(
        () ->
            configs
                .knowledgeBase(kb)
                .<ResponseEntity<?>>map(c -> ResponseEntity.ok(view(c)))
                .orElseGet(
                    () ->
                        Problems.response(
                            Problems.of(404, "kb_not_found", "there is no knowledge base " + kb))));
  }

  @PutMapping("/admin/kbs/{kb}")
  Mono<ResponseEntity<?>> putKb(
      @PathVariable String kb, @RequestBody(required = false) byte[] body) {
    return Blocking.call(
        () -> {
          try {
            // 1. the edit, field by field
            JsonNode edit = Edits.object(json, body);
            var existing = configs.knowledgeBase(kb);
            var next =
                existing
                    .map(KnowledgeBaseConfigured::newBuilder)
                    .orElseGet(() -> created(kb, edit));
            for (var field : edit.properties()) {
              apply(next, field.getKey(), field.getValue());
            }
            // 2. published on kb.configs: routed to and searched from the next message on
            var saved = configs.saveKb(next);
            return existing.isPresent()
                ? ResponseEntity.ok(view(saved))
                : ResponseEntity.created(URI.create("/admin/kbs/" + kb)).body(view(saved));
          } catch (Invalid e) {
            return e.response();
          }
        });
  }

  /** A new KB: a valid name, and at least its description and pipelines. */
  private static KnowledgeBaseConfigured.Builder created(String kb, JsonNode edit) {
    if (!kb.matches(PromptConfigs.KB_NAME)) {
      throw new Invalid("kb", "a KB's name is lowercase letters, digits, - and _ (at most 63)");
    }
    for (String required : List.of("description", "pipelines")) {
      if (!edit.has(required)) {
        throw new Invalid(required, "a new knowledge base needs its " + required);
      }
    }
    return KnowledgeBaseConfigured.newBuilder()
        .setKbName(kb)
        .setDisplayName(kb)
        .setPipeline("")
        .setDescription("")
        .setTone("")
        .setLanguages(List.of("fa", "en"));
  }

  private static void apply(KnowledgeBaseConfigured.Builder kb, String key, JsonNode value) {
    switch (key) {
      case "name" -> kb.setDisplayName(Edits.text(key, value, false));
      case "description" -> kb.setDescription(Edits.text(key, value, false));
      case "languages" ->
          kb.setLanguages(Edits.strings(key, value, "fa|ar|en", "fa, ar or en", false));
      case "pipelines" -> {
        var pipelines = Edits.strings(key, value, PromptConfigs.KB_NAME, "pipeline names", false);
        kb.setPipelines(pipelines).setPipeline(pipelines.get(0));
      }
      case "routing_keywords" -> {
        var keywords =
            Edits.strings(
                key, value, "[^*\\s][^*]{0,99}\\*?", "words or prefix* (100 at most)", true);
        if (keywords.size() > MAX_KEYWORDS) {
          throw new Invalid(key, key + " holds at most " + MAX_KEYWORDS + " keywords");
        }
        kb.setRoutingKeywords(keywords);
      }
      case "tone" -> kb.setTone(Edits.text(key, value, true));
      default -> throw new Invalid(key, "unknown field " + key + "; the fields are " + FIELDS);
    }
  }

  static Map<String, Object> view(KnowledgeBaseConfigured c) {
    var view = new LinkedHashMap<String, Object>();
    view.put("kb", c.getKbName());
    view.put("name", c.getDisplayName());
    view.put("description", c.getDescription());
    view.put("languages", c.getLanguages());
    view.put("pipelines", PromptConfigs.pipelinesOf(c));
    view.put("routing_keywords", c.getRoutingKeywords());
    view.put("tone", c.getTone());
    view.put("updated_at", c.getUpdatedAt().toString());
    return view;
  }
}
