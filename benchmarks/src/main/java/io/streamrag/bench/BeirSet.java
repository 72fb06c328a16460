package io.streamrag.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A retrieval test set in BEIR layout: {@code corpus.jsonl} ({@code _id, title, text}), {@code
 * queries.jsonl} ({@code _id, text}) and {@code qrels/test.tsv} (query, document, graded relevance,
 * one header line). Only queries with at least one judged document are kept. A set whose folder
 * holds {@code TEST-ONLY.md} is never tuned on: it has no dev half, all its queries are test.
 *
 * @param testOnly whether the set is for testing only
 */
record BeirSet(String name, List<Doc> corpus, List<Query> queries, boolean testOnly) {

  /** The marker of a set that is never tuned on; it says why. */
  static final String TEST_ONLY = "TEST-ONLY.md";

  BeirSet(String name, List<Doc> corpus, List<Query> queries) {
    this(name, corpus, queries, false);
  }

  record Doc(String id, String title, String text) {}

  /** A query with its judged documents, relevance grade by document id. */
  record Query(String id, String text, Map<String, Integer> relevant) {}

  static BeirSet read(Path dir) {
    var json = JsonMapper.builder().build();
    try {
      var corpus = new ArrayList<Doc>();
      for (String line : Files.readAllLines(dir.resolve("corpus.jsonl"))) {
        if (!line.isBlank()) {
          JsonNode n = json.readTree(line);
          corpus.add(new Doc(n.get("_id").asString(), text(n, "title"), text(n, "text")));
        }
      }
      var qrels = new HashMap<String, Map<String, Integer>>();
      List<String> lines = Files.readAllLines(dir.resolve("qrels/test.tsv"));
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.split("\t");
        if (f.length >= 3 && Integer.parseInt(f[2].strip()) > 0) {
          qrels
              .computeIfAbsent(f[0], k -> new LinkedHashMap<>())
              .put(f[1], Integer.parseInt(f[2].strip()));
        }
      }
      var queries = new ArrayList<Query>();
      for (String line : Files.readAllLines(dir.resolve("queries.jsonl"))) {
        if (!line.isBlank()) {
          JsonNode n = json.readTree(line);
          String id = n.get("_id").asString();
          if (qrels.containsKey(id)) {
            queries.add(new Query(id, text(n, "text"), qrels.get(id)));
          }
        }
      }
      return new BeirSet(
          dir.toAbsolutePath().normalize().getFileName().toString(),
          corpus,
          queries,
          Files.exists(dir.resolve(TEST_ONLY)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the BEIR set at " + dir, e);
    }
  }

  /**
   * The same set with only the queries of one split ({@link QuerySplit}); the corpus stays whole. A
   * test-only set is all test.
   *
   * @throws IllegalArgumentException for the dev half of a test-only set
   */
  BeirSet half(String split) {
    if (testOnly) {
      if (split.equals(QuerySplit.DEV)) {
        throw new IllegalArgumentException(
            name + " is for testing only (" + TEST_ONLY + "): it has no dev half to tune on");
      }
      return this;
    }
    var kept = queries.stream().filter(q -> QuerySplit.holds(split, q.id())).toList();
    return new BeirSet(name, corpus, kept, false);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? "" : v.asString();
  }
}
