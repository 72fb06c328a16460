package io.streamrag.retrieval.generation;

import io.streamrag.kit.web.Blocking;
import io.streamrag.kit.web.Problems;
import io.streamrag.retrieval.generation.Generation.Kind;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The index's generations for operators, behind the admin token ({@code
 * retrieval.admin.token-sha256}): {@code GET /admin/index} shows what serves and how far a build
 * is; {@code POST /admin/index/rebuild} replays index.changes into a new generation with the
 * vectors it carries; {@code POST /admin/index/reembed} does the same with every chunk embedded
 * again by {@code embedding-next.*}'s model. Both answer 202 at once; the switch happens when the
 * build has caught up. Each replica holds its own index: call every replica.
 */
@RestController
class IndexAdminController {

  private final IndexGenerations generations;

  IndexAdminController(IndexGenerations generations) {
    this.generations = generations;
  }

  @GetMapping("/admin/index")
  Mono<ResponseEntity<?>> status() {
    return Blocking.call(() -> ResponseEntity.ok(generations.status()));
  }

  @PostMapping("/admin/index/rebuild")
  Mono<ResponseEntity<?>> rebuild() {
    return Blocking.call(() -> build(Kind.REBUILD));
  }

  @PostMapping("/admin/index/reembed")
  Mono<ResponseEntity<?>> reembed() {
    return Blocking.call(() -> build(Kind.REEMBED));
  }

  private ResponseEntity<?> build(Kind kind) {
    try {
      return ResponseEntity.accepted().body(generations.start(kind));
    } catch (IndexGenerations.Refused e) {
      return Problems.response(Problems.of(409, e.code(), e.getMessage()));
    }
  }
}
