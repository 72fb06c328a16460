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
   * @param byLanguage its forms by language, as the light stems of their words
   */
  record Concept(
      String kind, Map<String, List<String>> written, Map<String, List<List<String>>> byLanguage) {

    /** Every form in every language, as the light stems of its words. */
    List<List<String>> stems() {
      return byLanguage.values().stream().flatMap(List::stream).toList();
    }

    /** The forms of one language; Persian and Arabic share the script, so either falls back. */
    List<List<String>> stems(String language) {
      return byLanguage.getOrDefault(language, List.of());
    }

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

  /**
   * The concepts named in a text's folded words, longest forms first, never overlapping. Only the
   * forms of the text's own language are looked at (Latin words are looked up in English): Persian
   * «عضو» (member) must not be read as Arabic «عضوي» (organic).
   */
  List<Found> find(List<String> words, String language) {
    var stems = words.stream().map(Stems::of).toList();
    var found = new ArrayList<Found>();
    for (int i = 0; i < stems.size(); ) {
      String in = !Stems.isArabicScript(words.get(i)) ? "en" : "ar".equals(language) ? "ar" : "fa";
      Found best = null;
      for (Concept c : concepts) {
        for (List<String> form : c.stems(in)) {
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
        var stems = new java.util.LinkedHashMap<String, List<List<String>>>();
        for (int l = 0; l < LANGUAGES.size() && l + 1 < cols.length; l++) {
          List<String> forms = List.of(cols[l + 1].strip().split("\\|"));
          written.put(LANGUAGES.get(l), forms);
          stems.put(
              LANGUAGES.get(l),
              forms.stream().map(f -> Stems.words(f).stream().map(Stems::of).toList()).toList());
        }
        concepts.add(new Concept(cols[0].strip(), written, stems));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Glossary(concepts);
  }
}
