package io.streamrag.ingest.admin;

import io.streamrag.agronomy.fertilization.FertilizationTables;
import io.streamrag.agronomy.irrigation.IrrigationTables;
import io.streamrag.agronomy.table.Problem;
import io.streamrag.agronomy.table.TableException;
import io.streamrag.kit.guard.injection.GuardCorpus;
import io.streamrag.kit.text.Sha256;
import io.streamrag.kit.web.Blocking;
import io.streamrag.kit.web.Problems;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The agronomy tables the recommendations are computed from (S1.10), and the guard's corpus of
 * known attacks and ordinary messages ({@value GuardCorpus#FILE}, S0.2), behind the admin token:
 * tables are data. {@code GET /admin/kbs/{kb}/tables} lists a KB's tables, {@code GET
 * /admin/kbs/{kb}/tables/{file}} gives one as CSV, and {@code PUT} replaces one: the new text is
 * parsed as llm-service will parse it, refused whole with every problem (file, line, why) when it
 * cannot be used, else published on {@code kb.configs}, where the next recommendation uses it.
 */
@RestController
class TableAdminController {

  static final int MAX_TABLE_BYTES = 256 * 1024;
  static final List<String> FILES =
      Stream.of(IrrigationTables.FILES, FertilizationTables.FILES, List.of(GuardCorpus.FILE))
          .flatMap(List::stream)
          .toList();
  private static final MediaType CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

  private final PromptConfigs configs;

  TableAdminController(PromptConfigs configs) {
    this.configs = configs;
  }

  @GetMapping("/admin/kbs/{kb}/tables")
  Mono<ResponseEntity<?>> tables(@PathVariable String kb) {
    return Blocking.call(
        () ->
            configs
                .knowledgeBase(kb)
                .<ResponseEntity<?>>map(c -> ResponseEntity.ok(listing(c)))
                .orElseGet(() -> problem(404, "kb_not_found", "there is no knowledge base " + kb)));
  }

  @GetMapping("/admin/kbs/{kb}/tables/{file}")
  Mono<ResponseEntity<?>> table(@PathVariable String kb, @PathVariable String file) {
    return Blocking.call(
        () -> {
          var config = configs.knowledgeBase(kb);
          if (config.isEmpty()) {
            return problem(404, "kb_not_found", "there is no knowledge base " + kb);
          }
          String text = config.get().getTables().get(file);
          if (text == null) {
            return problem(
                404,
                "table_not_found",
                kb + " has no table " + file + "; it has " + config.get().getTables().keySet());
          }
          return ResponseEntity.ok().contentType(CSV).body(text);
        });
  }

  @PutMapping("/admin/kbs/{kb}/tables/{file}")
  Mono<ResponseEntity<?>> putTable(
      @PathVariable String kb,
      @PathVariable String file,
      @RequestBody(required = false) byte[] body) {
    return Blocking.call(
        () -> {
          // 1. a KB that exists, a table the recommendations read, a UTF-8 body within the limit
          var config = configs.knowledgeBase(kb);
          if (config.isEmpty()) {
            return problem(404, "kb_not_found", "there is no knowledge base " + kb);
          }
          if (!FILES.contains(file)) {
            return problem(400, "unknown_table", "the tables are " + FILES + "; not " + file);
          }
          if (body == null || body.length == 0) {
            return problem(400, "invalid_table", "send the table as the body (text/csv, UTF-8)");
          }
          if (body.length > MAX_TABLE_BYTES) {
            return problem(
                413,
                "too_large",
                file + " is " + body.length + " bytes; the limit is " + MAX_TABLE_BYTES);
          }
          String text;
          try {
            text =
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
          } catch (CharacterCodingException e) {
            return problem(400, "invalid_table", file + " is not UTF-8 text");
          }
          // 2. parsed as llm-service will parse it: every problem of this file, or none
          List<Problem> problems = problems(config.get(), file, text);
          if (!problems.isEmpty()) {
            return Problems.response(
                Problems.of(
                    400,
                    "invalid_table",
                    file + " cannot be used; nothing was published",
                    Map.of("problems", problems.stream().map(Problem::toString).toList())));
          }
          // 3. published: the next recommendation computes with it
          return ResponseEntity.ok(listing(configs.saveTable(config.get(), file, text)));
        });
  }

  /** The problems of {@code file} when it reads {@code text}, the KB's other tables as they are. */
  private static List<Problem> problems(KnowledgeBaseConfigured kb, String file, String text) {
    if (GuardCorpus.FILE.equals(file)) {
      return GuardCorpus.problems(text).stream().map(why -> new Problem(file, 0, why)).toList();
    }
    var files = new TreeMap<>(kb.getTables());
    files.put(file, text);
    try {
      if (IrrigationTables.FILES.contains(file)) {
        IrrigationTables.parse(files);
      } else {
        FertilizationTables.parse(files);
      }
      return List.of();
    } catch (TableException e) {
      // another table of the group may be absent from this KB: only this file's problems count
      return e.problems().stream().filter(p -> p.file().equals(file)).toList();
    }
  }

  private static Map<String, Object> listing(KnowledgeBaseConfigured c) {
    var tables = new TreeMap<String, Object>();
    c.getTables()
        .forEach(
            (file, text) -> {
              var folderHash = c.getFolderTablesSha256().get(file);
              tables.put(
                  file,
                  Map.of(
                      "bytes",
                      text.getBytes(StandardCharsets.UTF_8).length,
                      "edited_by_admin",
                      folderHash == null || !folderHash.equals(Sha256.hex(text))));
            });
    var view = new LinkedHashMap<String, Object>();
    view.put("kb", c.getKbName());
    view.put("tables", tables);
    view.put("updated_at", c.getUpdatedAt().toString());
    return view;
  }

  private static ResponseEntity<?> problem(int status, String error, String message) {
    return Problems.response(Problems.of(status, error, message));
  }
}
