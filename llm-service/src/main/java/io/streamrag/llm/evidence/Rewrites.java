package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The queries to try for a part after its own text found no evidence (S3.3), in order: expanded
 * with the glossary's synonyms in the question's language, switched to the other language of the
 * knowledge bases through the glossary (Persian and Arabic to English, English to Persian: the demo
 * knowledge bases hold most documents in those two), then relaxed to the topic words, dropping the
 * least specific one at a time. Entities are never dropped: a relaxed query still names what the
 * part is about. The shortest word goes first, as short words are the common ones (Zipf).
 */
final class Rewrites {

  private Rewrites() {}

  static List<String> of(String part, String language) {
    List<Terms.Term> terms = Terms.of(part, language);
    var queries = new LinkedHashSet<String>();
    // a Persian or Arabic part is asked in English first: the knowledge bases hold most documents
    // in English, and a question of several parts has one or two searches left for each
    if (!language.equals("en")) {
      queries.add(switched(terms, language, "en"));
    }
    queries.add(expanded(terms, language));
    queries.add(switched(terms, language, language.equals("en") ? "fa" : "en"));
    var kept = new ArrayList<>(terms);
    queries.add(words(kept));
    while (kept.size() > 1) {
      var least =
          kept.stream()
              .filter(t -> !t.entity())
              .min(Comparator.comparingInt((Terms.Term t) -> t.text().length()));
      if (least.isEmpty()) {
        break;
      }
      kept.remove(least.get());
      queries.add(words(kept));
    }
    String other = language.equals("ar") ? "fa" : "ar";
    queries.add(switched(terms, language, other));
    // both languages at once: a passage that quotes the other language's term
    queries.add(
        (words(terms) + " " + switched(terms, language, language.equals("en") ? "fa" : "en"))
            .strip());
    queries.removeIf(q -> q.isBlank() || q.equals(String.join(" ", Stems.words(part))));
    return List.copyOf(queries);
  }

  private static String words(List<Terms.Term> terms) {
    return terms.stream().map(Terms.Term::text).collect(Collectors.joining(" "));
  }

  /** Each term with the other forms the glossary has for it in the same language. */
  private static String expanded(List<Terms.Term> terms, String language) {
    var out = new LinkedHashSet<String>();
    for (Terms.Term t : terms) {
      out.add(t.text());
      concept(t, language)
          .ifPresent(c -> out.addAll(c.written().getOrDefault(language, List.of())));
    }
    return String.join(" ", out);
  }

  /** The terms in another language: glossary concepts translated, technical names kept. */
  private static String switched(List<Terms.Term> terms, String from, String language) {
    var out = new LinkedHashSet<String>();
    for (Terms.Term t : terms) {
      concept(t, from)
          .flatMap(c -> c.in(language))
          .ifPresentOrElse(
              out::add,
              () -> {
                if (t.translated()) {
                  out.add(t.text());
                }
              });
    }
    return String.join(" ", out);
  }

  private static java.util.Optional<Glossary.Concept> concept(Terms.Term t, String language) {
    var found = Glossary.standard().find(Stems.words(t.text()), language);
    return found.size() == 1
        ? java.util.Optional.of(found.get(0).concept())
        : java.util.Optional.empty();
  }
}
