package io.streamrag.bench;

import io.streamrag.ingest.chunk.Chunker;
import io.streamrag.retrieval.RetrievalProperties;
import io.streamrag.retrieval.store.FusionRule;
import io.streamrag.retrieval.store.WindowScore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.Yaml;

/**
 * The services' own defaults, read from {@code ingest-service.yml} and {@code
 * retrieval-service.yml} on the classpath, so a benchmark measures what the services do; each can
 * be overridden with an option of the same name, to measure an alternative.
 */
record BenchSettings(
    int maxTokens, int overlapTokens, int embeddingBatchSize, RetrievalProperties.Search search) {

  static BenchSettings load(Args args) {
    Map<String, Object> chunking = section(read("/ingest-service.yml"), "ingest", "chunking");
    Map<String, Object> ingest = section(read("/ingest-service.yml"), "ingest");
    Map<String, Object> search = section(read("/retrieval-service.yml"), "retrieval", "search");
    var denseWeight = new HashMap<String, Double>();
    section(search, "dense-weight")
        .forEach((k, v) -> denseWeight.put(k, ((Number) v).doubleValue()));
    if (args.has("dense-weight-en")) {
      denseWeight.put("en", args.decimal("dense-weight-en", 1));
    }
    return new BenchSettings(
        args.integer("max-tokens", (Integer) chunking.get("max-tokens")),
        args.integer("overlap-tokens", (Integer) chunking.get("overlap-tokens")),
        (Integer) ingest.get("embedding-batch-size"),
        new RetrievalProperties.Search(
            args.integer("candidates", (Integer) search.get("candidates")),
            (Integer) search.get("keep"),
            args.integer("rrf-k", (Integer) search.get("rrf-k")),
            args.decimal("lexical-weight", ((Number) search.get("lexical-weight")).doubleValue()),
            denseWeight,
            windowScore(args.text("window-score", orDefault(search.get("window-score")))),
            fusion(args.text("fusion", orDefault(search.get("fusion"))))));
  }

  static WindowScore windowScore(String name) {
    return WindowScore.valueOf(name.strip().toUpperCase(Locale.ROOT));
  }

  /** A fusion rule by its configuration name, e.g. {@code score-distribution}. */
  static FusionRule fusion(String name) {
    return FusionRule.valueOf(name.strip().replace('-', '_').toUpperCase(Locale.ROOT));
  }

  /** A setting's value, or the default of its {@code ${ENV:default}} placeholder. */
  private static String orDefault(Object value) {
    String text = String.valueOf(value);
    var placeholder = Pattern.compile("\\$\\{[^:}]+:([^}]*)}").matcher(text);
    return placeholder.matches() ? placeholder.group(1) : text;
  }

  /** These settings with another way to score a chunk's windows. */
  BenchSettings with(WindowScore score) {
    return with(score, search.fusion());
  }

  /** These settings with another way to score a chunk's windows and to fuse the legs. */
  BenchSettings with(WindowScore score, FusionRule fusion) {
    var s = search;
    return new BenchSettings(
        maxTokens,
        overlapTokens,
        embeddingBatchSize,
        new RetrievalProperties.Search(
            s.candidates(), s.keep(), s.rrfK(), s.lexicalWeight(), s.denseWeight(), score, fusion));
  }

  Chunker chunker() {
    return new Chunker(maxTokens, overlapTokens);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> section(Map<String, Object> root, String... path) {
    Map<String, Object> at = root;
    for (String key : path) {
      at = (Map<String, Object>) at.get(key);
      if (at == null) {
        throw new IllegalStateException("no " + String.join(".", path) + " in the service config");
      }
    }
    return at;
  }

  private static Map<String, Object> read(String resource) {
    try (InputStream in = BenchSettings.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is not on the classpath");
      }
      return new Yaml().load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
