package io.streamrag.ingest.document;

import io.streamrag.ingest.admin.PromptConfigs;
import io.streamrag.kit.web.Blocking;
import io.streamrag.kit.web.Problems;
import java.net.URI;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A knowledge base's documents, behind the admin token, without a rebuild: {@code POST
 * /admin/kbs/{kb}/documents} takes a Markdown, plain-text, PDF or DOCX file ({@code multipart/form-
 * data}, part {@code file}) and publishes its text on {@code kb.documents}, where it is chunked,
 * embedded and indexed like the knowledge folder's documents, within seconds; {@code GET} lists
 * them or shows one; {@code DELETE} removes one, and its chunks leave the index.
 */
@RestController
class DocumentAdminController {
  private final PromptConfigs configs;
  private final UploadReader uploads;
  private final FileTypes types;
  private final TextReader texts;
  private final DocumentScreen screen;
  private final KbDocuments documents;
  private final DocumentView views;

  DocumentAdminController(
      PromptConfigs configs,
      UploadReader uploads,
      FileTypes types,
      TextReader texts,
      DocumentScreen screen,
      KbDocuments documents,
      DocumentView views) {
    this.configs = configs;
    this.uploads = uploads;
    this.types = types;
    this.texts = texts;
    this.screen = screen;
    this.documents = documents;
    this.views = views;
  }

  @PostMapping("/admin/kbs/{kb}/documents")
  Mono<ResponseEntity<?>> upload(@PathVariable String kb, ServerHttpRequest request) {
    // the KB before a byte of the file is read (the admin token was checked: AdminAccess)
    if (configs.knowledgeBase(kb).isEmpty()) {
      return Mono.just(noKb(kb));
    }
    return uploads
        // 1. the file, within the size limit
        .read(request)
        .publishOn(Schedulers.boundedElastic())
        .<ResponseEntity<?>>map(
            upload -> {
              if (upload.bytes().length == 0) {
                throw new DocumentRefused(422, "no_text", upload.fileName() + " is empty");
              }
              // 2. its type, from its bytes
              FileType type = types.detect(upload);
              // 3. its text
              Extracted extracted = texts.read(upload, type);
              // 3b. no instructions for the model in it (indirect injection)
              screen.check(upload, extracted);
              // 4. published on kb.documents: chunked, embedded and indexed from there
              var published = documents.publish(kb, upload, type, extracted);
              var doc = published.document();
              return (published.published() ? ResponseEntity.accepted() : ResponseEntity.ok())
                  .location(URI.create("/admin/kbs/" + kb + "/documents/" + doc.getDocId()))
                  .body(views.of(doc));
            })
        .onErrorResume(DocumentRefused.class, refused -> Mono.just(refused.response()));
  }

  @GetMapping("/admin/kbs/{kb}/documents")
  Mono<ResponseEntity<?>> list(@PathVariable String kb) {
    return Blocking.call(
        () ->
            configs.knowledgeBase(kb).isEmpty()
                ? noKb(kb)
                : ResponseEntity.ok(
                    Map.of(
                        "kb", kb, "documents", documents.of(kb).stream().map(views::of).toList())));
  }

  @GetMapping("/admin/kbs/{kb}/documents/{docId}")
  Mono<ResponseEntity<?>> document(@PathVariable String kb, @PathVariable String docId) {
    return Blocking.call(
        () ->
            documents
                .find(kb, docId)
                .<ResponseEntity<?>>map(d -> ResponseEntity.ok(views.of(d)))
                .orElseGet(() -> noDocument(kb, docId)));
  }

  @DeleteMapping("/admin/kbs/{kb}/documents/{docId}")
  Mono<ResponseEntity<?>> delete(@PathVariable String kb, @PathVariable String docId) {
    return Blocking.call(
        () -> {
          var found = documents.find(kb, docId);
          if (found.isEmpty()) {
            return noDocument(kb, docId);
          }
          var view = views.of(found.get());
          try {
            // a tombstone on kb.documents: the pipeline deletes every chunk of it from the index
            documents.delete(found.get());
          } catch (DocumentRefused refused) {
            return refused.response();
          }
          return ResponseEntity.accepted().body(view);
        });
  }

  private ResponseEntity<?> noKb(String kb) {
    return Problems.response(Problems.of(404, "kb_not_found", "there is no knowledge base " + kb));
  }

  private ResponseEntity<?> noDocument(String kb, String docId) {
    return Problems.response(
        Problems.of(404, "document_not_found", kb + " has no document " + docId));
  }
}
