package io.streamrag.bench;

import io.streamrag.ingest.knowledge.KnowledgeFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Questions for the answer benchmark over a corpus. The corpus is a BEIR set's {@code
 * corpus.jsonl}, or a knowledge folder (one sub-folder per KB, as ingest reads it, each document's
 * id its source, e.g. {@code irrigation/deficit-irrigation.en.md}). Questions come from the BEIR
 * queries and qrels (one part each), from an {@code --unanswerable} file ({@code _id, text}), or
 * from a {@code --questions} file whose lines give, for each part, the documents that answer it:
 * {@code {"_id", "text", "answers": [["doc", …], …]}}, no parts or an empty part for a question the
 * corpus cannot answer, and optionally {@code "kind"} (reported on its own: {@code multi}, {@code
 * absent}, {@code wrong_entity}, …) and {@code "quotes"}: for each part, sentences of which an
 * accepted passage must hold one for the part to count as quoted.
 */
record AnswerSet(String name, List<BeirSet.Doc> corpus, List<Question> questions) {

  /**
   * One question.
   *
   * @param parts the documents answering each part; empty when the corpus cannot answer it all
   * @param kind what the question tests, for the report: the file's {@code kind}, else {@code
   *     answerable} or {@code unanswerable}
   * @param quotes for each part, the sentences that answer it (any one will do); empty if none
   */
  record Question(
      String id, String text, List<Set<String>> parts, String kind, List<List<String>> quotes) {

    Question(String id, String text, List<Set<String>> parts) {
      this(id, text, parts, null, List.of());
    }

    Question {
      parts = List.copyOf(parts);
      quotes = List.copyOf(quotes);
      if (kind == null) {
        kind =
            !parts.isEmpty() && parts.stream().noneMatch(Set::isEmpty)
                ? "answerable"
                : "unanswerable";
      }
    }

    boolean answerable() {
      return !parts.isEmpty() && parts.stream().noneMatch(Set::isEmpty);
    }

    /**
     * Half of the questions, chosen by the id ({@link QuerySplit}): {@code dev} or {@code test}.
     */
    String split() {
      return QuerySplit.of(id);
    }
  }

  static AnswerSet read(Path dir, Args args) {
    boolean beir = Files.exists(dir.resolve("corpus.jsonl"));
    var questions = new ArrayList<Question>();
    List<BeirSet.Doc> corpus;
    String name = dir.toAbsolutePath().normalize().getFileName().toString();
    if (beir) {
      var set = BeirSet.read(dir);
      corpus = set.corpus();
      if (!args.has("questions")) {
        set.queries()
            .forEach(
                q -> questions.add(new Question(q.id(), q.text(), List.of(q.relevant().keySet()))));
      }
    } else {
      corpus = new ArrayList<>();
      for (var kb : new KnowledgeFolder(dir.toString()).read()) {
        kb.documents().forEach(d -> corpus.add(new BeirSet.Doc(d.source(), d.title(), d.text())));
      }
    }
    if (args.has("questions")) {
      Path file = Path.of(args.text("questions", ""));
      name = file.getFileName().toString().replaceAll("\\.jsonl$", "");
      for (JsonNode n : lines(file)) {
        var parts = new ArrayList<Set<String>>();
        JsonNode answers = n.get("answers");
        if (answers != null) {
          answers.forEach(
              p -> {
                var docs = new java.util.LinkedHashSet<String>();
                p.forEach(d -> docs.add(d.asString()));
                parts.add(docs);
              });
        }
        var quotes = new ArrayList<List<String>>();
        n.path("quotes")
            .forEach(
                p -> {
                  var any = new ArrayList<String>();
                  p.forEach(q -> any.add(q.asString()));
                  quotes.add(any);
                });
        String kind = n.has("kind") ? n.get("kind").asString() : null;
        questions.add(
            new Question(n.get("_id").asString(), n.get("text").asString(), parts, kind, quotes));
      }
    } else if (!beir) {
      throw new IllegalArgumentException("a knowledge folder needs --questions <file.jsonl>");
    }
    if (args.has("unanswerable")) {
      for (JsonNode n : lines(Path.of(args.text("unanswerable", "")))) {
        questions.add(new Question(n.get("_id").asString(), n.get("text").asString(), List.of()));
      }
    }
    return new AnswerSet(name, corpus, questions);
  }

  private static List<JsonNode> lines(Path file) {
    var json = JsonMapper.builder().build();
    try {
      return Files.readAllLines(file).stream()
          .filter(l -> !l.isBlank())
          .map(json::readTree)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
