package io.streamrag.llm.evidence;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The fa/ar/en agricultural glossary of {@code evidence/glossary.tsv} (its sources are in the
 * file): each concept's forms in the three languages, and whether it names what a passage must be
 * about (crops, nutrients, fertilizers, qualifiers such as "drip" or "winter").
 */
final class Glossary {

  /** The languages of the file's columns, in order. */
  static final List<String> LANGUAGES = List.of("en", "fa", "ar");

  /**
   * One concept.
   *
   * @param written its forms as written, by language, the preferred form first
   * @param stems every form as the light stems of its words
   */
  record Concept(String kind, Map<String, List<String>> written, List<List<String>> stems) {

    boolean isEntity() {
      return !kind.equals("topic");
    }

    /** The preferred form in a language, if it has one. */
    Optional<String> in(String language) {
      return written.getOrDefault(language, List.of()).stream().findFirst();
    }
  }

  /** A concept found in a question, at word positions [start, end). */
  record Found(Concept concept, int start, int end) {}

  private static final Glossary DEFAULT = load("/evidence/glossary.tsv");

  private final List<Concept> concepts;

  Glossary(List<Concept> concepts) {
    this.concepts = List.copyOf(concepts);
  }

  static Glossary standard() {
    return DEFAULT;
  }

  /** The concepts named in a question's folded words, longest forms first, never overlapping. */
  List<Found> find(List<String> words) {
    var stems = words.stream().map(Stems::of).toList();
    var found = new ArrayList<Found>();
    for (int i = 0; i < stems.size(); ) {
      Found best = null;
      for (Concept c : concepts) {
        for (List<String> form : c.stems()) {
          if ((best == null || form.size() > best.end() - best.start())
              && matches(form, stems, i)) {
            best = new Found(c, i, i + form.size());
          }
        }
      }
      if (best != null) {
        found.add(best);
        i = best.end();
      } else {
        i++;
      }
    }
    return found;
  }

  private static boolean matches(List<String> form, List<String> stems, int at) {
    if (at + form.size() > stems.size()) {
      return false;
    }
    for (int k = 0; k < form.size(); k++) {
      if (!form.get(k).equals(stems.get(at + k))) {
        return false;
      }
    }
    return true;
  }

  static Glossary load(String resource) {
    var concepts = new ArrayList<Concept>();
    try (var in =
        new BufferedReader(
            new InputStreamReader(
                Objects.requireNonNull(Glossary.class.getResourceAsStream(resource), resource),
                StandardCharsets.UTF_8))) {
      for (String line : in.lines().toList()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cols = line.split("\t");
        var written = new java.util.LinkedHashMap<String, List<String>>();
        var stems = new ArrayList<List<String>>();
        for (int l = 0; l < LANGUAGES.size() && l + 1 < cols.length; l++) {
          List<String> forms = List.of(cols[l + 1].strip().split("\\|"));
          written.put(LANGUAGES.get(l), forms);
          forms.forEach(f -> stems.add(Stems.words(f).stream().map(Stems::of).toList()));
        }
        concepts.add(new Concept(cols[0].strip(), written, stems));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Glossary(concepts);
  }
}
