package io.streamrag.ingest.knowledge;

import io.streamrag.kit.text.Language;
import io.streamrag.schemas.Ids;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.yaml.snakeyaml.Yaml;

/**
 * A folder of knowledge bases: one sub-folder per KB holding {@code kb.yml} (name, description,
 * languages, pipelines), {@code tone.md} (the KB's output style, S1.1) and Markdown documents named
 * {@code <topic>.<fa|ar|en>.md}. Works on the classpath and on disk.
 */
public final class KnowledgeFolder {

  /** One knowledge base as found in the folder. */
  /**
   * @param name the KB's id ({@code kb_name}): its sub-folder's name
   * @param displayName its name for people, {@code name} in {@code kb.yml}
   * @param pipelines the pipelines it belongs to; empty: the importer's default pipeline
   * @param tables its data tables ({@code tables/*.csv}), text by file name
   */
  public record Base(
      String name,
      String displayName,
      String description,
      List<String> languages,
      List<String> pipelines,
      String tone,
      List<Document> documents,
      Map<String, String> tables) {}

  /** One document: its id is UUIDv5 of KB and file, so re-reading the folder gives the same ids. */
  public record Document(
      String docId, String kbName, String source, String title, String language, String text) {}

  private final String location;

  /**
   * @param location {@code classpath:demo-knowledge}, {@code file:/path} or a plain directory path
   */
  public KnowledgeFolder(String location) {
    this.location =
        location.contains(":") && !location.matches("^[A-Za-z]:\\\\.*")
            ? location
            : "file:" + location;
  }

  /** Every knowledge base of the folder, by name. */
  public List<Base> read() {
    var files = new TreeMap<String, Map<String, Resource>>();
    try {
      for (Resource r : new PathMatchingResourcePatternResolver().getResources(location + "/*/*")) {
        String[] parts = r.getURL().getPath().split("/");
        if (parts.length >= 2 && r.isReadable()) {
          files
              .computeIfAbsent(parts[parts.length - 2], k -> new TreeMap<>())
              .put(parts[parts.length - 1], r);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list knowledge folder " + location, e);
    }
    var tables = tables();
    var bases = new ArrayList<Base>();
    files.forEach((kb, byName) -> bases.add(base(kb, byName, tables.getOrDefault(kb, Map.of()))));
    return bases;
  }

  /** Each KB's {@code tables/*.csv}, text by file name. */
  private Map<String, Map<String, String>> tables() {
    var tables = new TreeMap<String, Map<String, String>>();
    try {
      for (Resource r :
          new PathMatchingResourcePatternResolver().getResources(location + "/*/tables/*.csv")) {
        String[] parts = r.getURL().getPath().split("/");
        if (parts.length >= 3 && r.isReadable()) {
          tables
              .computeIfAbsent(parts[parts.length - 3], k -> new TreeMap<>())
              .put(parts[parts.length - 1], text(r));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the tables of " + location, e);
    }
    return tables;
  }

  @SuppressWarnings("unchecked")
  private static Base base(String kb, Map<String, Resource> files, Map<String, String> tables) {
    Map<String, Object> meta =
        files.containsKey("kb.yml") ? new Yaml().load(text(files.get("kb.yml"))) : Map.of();
    String tone = files.containsKey("tone.md") ? text(files.get("tone.md")).strip() : "";
    var docs = new ArrayList<Document>();
    files.forEach(
        (name, resource) -> {
          if (name.endsWith(".md") && !name.equals("tone.md")) {
            docs.add(document(kb, name, text(resource)));
          }
        });
    docs.sort(Comparator.comparing(Document::source));
    return new Base(
        kb,
        String.valueOf(meta.getOrDefault("name", kb)),
        String.valueOf(meta.getOrDefault("description", kb)),
        (List<String>) meta.getOrDefault("languages", List.of("fa", "en")),
        (List<String>) meta.getOrDefault("pipelines", List.of()),
        tone,
        docs,
        Map.copyOf(tables));
  }

  private static Document document(String kb, String fileName, String content) {
    String source = kb + "/" + fileName;
    String title = fileName;
    String body = content.strip();
    if (body.startsWith("# ")) {
      int eol = body.indexOf('\n');
      title = (eol < 0 ? body.substring(2) : body.substring(2, eol)).strip();
      body = eol < 0 ? "" : body.substring(eol + 1).strip();
    }
    return new Document(Ids.of(kb, source), kb, source, title, language(fileName, body), body);
  }

  /**
   * From the file name ({@code .fa.md}, {@code .ar.md}, {@code .en.md}), else detected from the
   * text ({@link Language#detect}). Uploaded documents get theirs the same way.
   */
  public static String language(String fileName, String text) {
    for (String language : LANGUAGES) {
      if (fileName.endsWith("." + language + ".md")) {
        return language;
      }
    }
    return Language.detect(text);
  }

  private static final List<String> LANGUAGES =
      List.of(Language.PERSIAN, Language.ARABIC, Language.ENGLISH);

  private static String text(Resource resource) {
    try (InputStream in = resource.getInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }
}
