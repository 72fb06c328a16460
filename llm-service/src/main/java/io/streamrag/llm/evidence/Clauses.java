package io.streamrag.llm.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several questions asked in one message, as questions of their own (S3.1): one per sentence ("What
 * is ET0? How is Kc used?"), and one per clause that asks with a question word of its own after
 * "and", «و» or a comma ("What is field capacity, what is the wilting point, and when should I
 * irrigate?", «آستانه شوری جو چقدر است و ضریب گیاهی آن چقدر است؟», «ما هو ET0 وكيف يُحسب؟»). Each
 * clause before the boundary must ask too, so "wheat, maize and cucumber … how much" stays one
 * question: nouns joined by «و» ask nothing.
 *
 * <p>A clause that leaves out what the question is about ("and how much?", "how do I use it", «و
 * چقدر؟», "what is its salinity threshold") gets it from the clauses before it: the entities
 * (crops, nutrients, qualifiers) when it names none of its own, and every topic word when it names
 * no topic at all. Each part must stand alone, since each is searched, routed to its knowledge
 * bases and judged on its own.
 */
final class Clauses {

  private static final Set<String> AND = Set.of("and", "و");

  /** Question words by language: «این» is Arabic "where" but Persian "this". */
  static final Map<String, Set<String>> QUESTION_WORDS =
      Map.of(
          "en",
          // with the contractions people type ("what's its Kc", "whats the level"), and the
          // auxiliaries a yes/no question starts with ("…, and can phosphorus cause it?")
          Set.of(
              "how", "what", "when", "where", "who", "which", "why", "should", "can", "is",
              "what's", "whats", "how's", "where's", "when's", "who's", "does", "do", "will",
              "could", "would", "did"),
          "fa",
          Set.of(
              "چقدر",
              "چند",
              "کی",
              "چه",
              "چگونه",
              "چطور",
              "کجا",
              "ایا",
              "کدام",
              "چرا",
              "چیست",
              "چیه",
              "کدوم",
              "چطوری",
              // spoken, the copula glued on: «چقدره», «چنده», «کجاست», «کدومه»
              "چقدره",
              "چنده",
              "چندتا",
              "کجاست",
              "کیه",
              "چطوره",
              "کدومه",
              "کدامه",
              "چقدریه"),
          "ar",
          Set.of("کم", "متی", "ماذا", "ما", "کیف", "این", "هل", "لماذا", "من", "ای"));

  /** Words that stand for what an earlier clause named, folded as {@link QuestionTokens} folds. */
  private static final Set<String> PRONOUNS =
      Set.of("it", "its", "it's", "they", "them", "their", "ان", "اون", "انها", "اونها");

  /** The kinds of entity a question is about, carried into a clause that names none. */
  private static final Set<String> SUBJECTS = Set.of("crop", "nutrient", "fertilizer");

  private static final Set<String> CROP = Set.of("crop");

  private final Glossary glossary;

  Clauses(Glossary glossary) {
    this.glossary = glossary;
  }

  /** The questions of a message, each standing alone; the message itself when it asks one. */
  /**
   * One question, standing alone, and the words it took from what the message told rather than
   * asked ({@code context}, empty for none): they help find its passages, but a passage need not
   * name them ("ET0 here in summer" under «باغ پسته تو یزد دارم» is not about pistachio).
   */
  record Clause(String text, String context) {}

  List<Clause> of(String question, String language) {
    var pieces = Sentences.of(question, language);
    if (pieces.stream().noneMatch(Sentences.Piece::asks)) {
      return carried(List.of(), clauses(new QuestionTokens(question), language), language);
    }
    var context = new ArrayList<String>();
    var out = new ArrayList<String>();
    for (var piece : pieces) {
      if (piece.asks()) {
        out.addAll(clauses(new QuestionTokens(piece.text()), language));
      } else {
        context.add(piece.text());
      }
    }
    return carried(context, out, language);
  }

  private List<String> clauses(QuestionTokens t, String language) {
    Set<String> asking = QUESTION_WORDS.getOrDefault(language, QUESTION_WORDS.get("en"));
    var out = new ArrayList<String>();
    int start = 0;
    for (int k = 1; k < t.size() - 1; k++) {
      boolean and = AND.contains(t.norm(k));
      boolean comma = t.endsPhrase(k - 1);
      if (!and && !comma) {
        continue;
      }
      int next = and ? k + 1 : k;
      if (and && comma) {
        next = k + 1; // ", and how …"
      }
      boolean asks =
          language.equals("en")
              ? asking.contains(t.norm(next)) && !t.norm(next).equals("is")
              : t.any(next, nextBoundary(t, next), asking);
      if (asks && t.any(start, k, asking)) {
        out.add(t.text(start, k) + t.mark());
        start = next;
      }
    }
    out.add(t.text(start, t.size()) + t.mark());
    return out;
  }

  /** Where the clause that starts at {@code from} ends: the next "and" or comma, or the end. */
  private static int nextBoundary(QuestionTokens t, int from) {
    for (int k = from + 1; k < t.size(); k++) {
      if (AND.contains(t.norm(k)) || t.endsPhrase(k - 1)) {
        return k;
      }
    }
    return t.size();
  }

  /**
   * Each clause with what it leaves out taken from the context and the clauses before it: every
   * topic when it names none, its subjects when it names none, and the crop when it names a
   * nutrient or fertilizer but no crop ("and how much phosphorus?" after a question about wheat,
   * "total nitrogen for the season?" under "drip on 12 ha of tomatoes").
   */
  private List<Clause> carried(List<String> context, List<String> clauses, String language) {
    var out = new ArrayList<Clause>();
    if (clauses.size() < 2 && context.isEmpty()) {
      clauses.forEach(c -> out.add(new Clause(c, "")));
      return out;
    }
    var carry = new Carry();
    context.forEach(c -> carry.learn(c, language));
    // what only the context named, until a question names it too
    var told = new java.util.HashSet<String>(carry.topics);
    told.addAll(carry.entities);
    for (String clause : clauses) {
      List<Terms.Term> own = Terms.of(clause, language, glossary);
      told.removeAll(written(clause, own));
      List<String> taken = List.of();
      // a clause of plain words only ("how does it change during the season") names no topic
      if (Distributive.asks(clause) || general(clause)) {
        // "each" is asked once per side later (Splitter); "for most crops", «لأغلب المحاصيل», is
        // about crops in general, and ET0 about none, not the one before: nothing carried
        taken = List.of();
      } else if (pronoun(clause)
          && !carry.crops.isEmpty()
          && subjects(clause, own, language, CROP).isEmpty()) {
        // "its", «آن», «فيه» stand for the crop asked about, not for the nutrient beside it
        taken = carry.crops;
      } else if (own.stream().noneMatch(Terms.Term::translated) && !carry.topics.isEmpty()) {
        taken = carry.topics;
      } else if (subjects(clause, own, language, SUBJECTS).isEmpty() && !carry.entities.isEmpty()) {
        taken = carry.entities;
      } else if (subjects(clause, own, language, CROP).isEmpty() && !carry.crops.isEmpty()) {
        taken = carry.crops;
      }
      String text = taken.isEmpty() ? clause : with(clause, taken);
      boolean onlyTold = !taken.isEmpty() && told.containsAll(taken);
      out.add(new Clause(text, onlyTold ? String.join(" ", taken) : ""));
      carry.learn(text, language);
    }
    return out;
  }

  /** What the pieces so far named, as they wrote it. */
  private final class Carry {
    List<String> topics = List.of();
    List<String> entities = List.of();
    List<String> crops = List.of();

    void learn(String text, String language) {
      List<Terms.Term> now = Terms.of(text, language, glossary);
      if (now.stream().anyMatch(Terms.Term::translated)) {
        topics = written(text, now);
      }
      List<Terms.Term> nowEntities = subjects(text, now, language, SUBJECTS);
      if (!nowEntities.isEmpty()) {
        entities = written(text, nowEntities);
      }
      List<Terms.Term> nowCrops = subjects(text, now, language, CROP);
      if (!nowCrops.isEmpty()) {
        crops = written(text, nowCrops);
      }
    }
  }

  /** The terms that name what is asked about, of the given kinds (crops, nutrients, …). */
  private List<Terms.Term> subjects(
      String text, List<Terms.Term> terms, String language, Set<String> kinds) {
    List<String> words = Stems.words(text);
    var named =
        glossary.find(words, language).stream()
            .filter(f -> kinds.contains(f.concept().kind()))
            .map(f -> String.join(" ", words.subList(f.start(), f.end())))
            .toList();
    return terms.stream().filter(t -> named.contains(t.text())).toList();
  }

  /** The terms as the clause wrote them ("ET0", not the folded "et0"). */
  private static List<String> written(String clause, List<Terms.Term> terms) {
    var tokens = new QuestionTokens(clause);
    var out = new ArrayList<String>();
    for (Terms.Term term : terms) {
      String found = term.text();
      for (int i = 0; i < tokens.size() && found == term.text(); i++) {
        for (int j = i + 1; j <= tokens.size(); j++) {
          String words = String.join(" ", Stems.words(tokens.text(i, j)));
          if (words.equals(term.text())) {
            found = tokens.text(i, j);
            break;
          }
          if (words.length() > term.text().length()) {
            break;
          }
        }
      }
      out.add(found);
    }
    return out;
  }

  /** Crops named in the plural, as a class: "most crops", «بیشتر گیاهان», «أغلب المحاصيل». */
  private static final Set<String> CROPS_IN_GENERAL =
      Set.of("crops", "plants", "محصولات", "گیاهان", "المحاصیل", "محاصیل", "النباتات");

  /** ET0 is the reference crop's evapotranspiration (FAO-56): no field's crop changes it. */
  private static final Set<String> REFERENCE = Set.of("et0", "eto", "et₀");

  private static boolean general(String clause) {
    return java.util.Arrays.stream(clause.split("\\s+"))
        .map(QuestionTokens::norm)
        // «للمحاصيل» is «ل» + «المحاصيل»
        .map(w -> w.startsWith("لل") ? "ال" + w.substring(2) : w)
        .anyMatch(w -> CROPS_IN_GENERAL.contains(w) || REFERENCE.contains(w));
  }

  private static boolean pronoun(String clause) {
    return java.util.Arrays.stream(clause.split("\\s+"))
        .anyMatch(w -> PRONOUNS.contains(QuestionTokens.norm(w)));
  }

  /** The clause naming the terms: in place of its pronoun if it has one, else at its end. */
  private static String with(String clause, List<String> terms) {
    String named = String.join(" ", terms);
    String mark =
        clause.endsWith("?") || clause.endsWith("؟") ? clause.substring(clause.length() - 1) : "";
    String body = mark.isEmpty() ? clause : clause.substring(0, clause.length() - 1);
    var words = new ArrayList<>(List.of(body.strip().split("\\s+")));
    for (int i = 0; i < words.size(); i++) {
      if (PRONOUNS.contains(QuestionTokens.norm(words.get(i)))) {
        words.set(i, named);
        return String.join(" ", words) + mark;
      }
    }
    return body.strip() + " " + named + mark;
  }
}
