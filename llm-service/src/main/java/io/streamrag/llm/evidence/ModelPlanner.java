package io.streamrag.llm.evidence;

import io.streamrag.llm.provider.ProviderException;
import io.streamrag.llm.provider.model.Cancellation;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The configured model plans, through structured output (JSON it is asked for and that is checked):
 * it splits the question, rewrites a query that found nothing, and judges each passage yes or no
 * with a reason. Whenever the model fails or answers out of shape, the deterministic planner
 * decides that step instead: a plan never costs the answer.
 */
public final class ModelPlanner implements Planner {

  private static final Logger log = LoggerFactory.getLogger(ModelPlanner.class);

  static final String DECOMPOSE =
      """
      Split the user's question into the parts that each need their own evidence: two parts for a \
      comparison ("nitrogen for maize or for wheat?"), one per question for several questions, \
      one part otherwise. Each part is a question that stands alone, in the user's language. For \
      each, list the names and qualifiers a passage must be about to answer it (crops, nutrients, \
      places, "advanced", …), and say what kind of answer it asks for: number, date, person, \
      place or any. Reply with JSON only: \
      {"parts":[{"text":"…","entities":["…"],"expects":"any"}]}""";

  static final String REWRITE =
      """
      A search for this part of a question found nothing usable. Write one new search query, in \
      the language of the documents if you can tell it, that might find the answer: other words, \
      fewer words, or the terms a reference text would use. It must differ from every query \
      tried. Reply with JSON only: {"query":"…"}, or {"query":null} if no other search is worth \
      making.""";

  static final String JUDGE =
      """
      For each numbered passage, say whether it is evidence for the question part: it must be \
      about the same entities and qualifiers (a passage about wheat is not evidence for maize) and \
      hold what the part asks for. Reply with JSON only: \
      {"verdicts":[{"n":1,"relevant":true,"reason":"a few words"}]}""";

  private final ChatModel model;
  private final DeterministicPlanner fallback;
  private final JsonMapper json;

  public ModelPlanner(ChatModel model, DeterministicPlanner fallback, JsonMapper json) {
    this.model = model;
    this.fallback = fallback;
    this.json = json;
  }

  @Override
  public String name() {
    return "model";
  }

  @Override
  public CompletableFuture<List<Part>> decompose(
      String question, String language, Cancellation cancel) {
    return ask(DECOMPOSE, "Question: " + question, cancel)
        .thenApply(
            reply -> {
              var parts = reply.map(ModelPlanner::parts).orElse(List.of());
              return parts.isEmpty() || parts.size() > 4
                  ? fallback.decompose(question, language)
                  : parts;
            });
  }

  private static List<Part> parts(JsonNode reply) {
    var parts = new ArrayList<Part>();
    for (JsonNode p : reply.path("parts")) {
      var entities = new ArrayList<String>();
      p.path("entities").forEach(e -> entities.add(e.asString()));
      String text = p.path("text").asString("").strip();
      if (!text.isEmpty()) {
        parts.add(new Part(text, entities, p.path("expects").asString("any")));
      }
    }
    return List.copyOf(parts);
  }

  @Override
  public CompletableFuture<Optional<String>> rewrite(
      Part part, List<String> tried, String language, Cancellation cancel) {
    return ask(
            REWRITE,
            "Part: " + part.text() + "\nQueries tried: " + String.join(" | ", tried),
            cancel)
        .thenApply(
            reply -> {
              if (reply.isEmpty()) {
                return fallback.rewrite(part, tried, language);
              }
              JsonNode query = reply.get().path("query");
              return query.isString()
                      && !query.asString().isBlank()
                      && !tried.contains(query.asString())
                  ? Optional.of(query.asString().strip())
                  : Optional.empty();
            });
  }

  @Override
  public CompletableFuture<List<Verdict>> judge(
      Part part, List<Candidate> candidates, Cancellation cancel) {
    var passages = new StringBuilder("Question part: " + part.text() + "\n");
    for (int i = 0; i < candidates.size(); i++) {
      passages.append("\n[").append(i + 1).append("] ").append(candidates.get(i).text().strip());
    }
    return ask(JUDGE, passages.toString(), cancel)
        .thenApply(
            reply ->
                reply.isEmpty()
                    ? fallback.judge(part, candidates)
                    : verdicts(reply.get(), part, candidates));
  }

  private List<Verdict> verdicts(JsonNode reply, Part part, List<Candidate> candidates) {
    var verdicts = new ArrayList<Verdict>();
    for (int i = 0; i < candidates.size(); i++) {
      verdicts.add(null);
    }
    for (JsonNode v : reply.path("verdicts")) {
      int n = v.path("n").asInt(0);
      if (n >= 1 && n <= candidates.size() && v.path("relevant").isBoolean()) {
        String reason = "model: " + v.path("reason").asString("no reason given");
        verdicts.set(
            n - 1, v.get("relevant").asBoolean() ? Verdict.accept(reason) : Verdict.reject(reason));
      }
    }
    if (verdicts.contains(null)) {
      log.info("the model judged only some passages; the rules judge the rest");
      var rules = fallback.judge(part, candidates);
      for (int i = 0; i < verdicts.size(); i++) {
        if (verdicts.get(i) == null) {
          verdicts.set(i, rules.get(i));
        }
      }
    }
    return verdicts;
  }

  /**
   * The model's JSON reply, or empty when it failed or did not answer with JSON; a cancelled
   * answer's failure passes on.
   */
  private CompletableFuture<Optional<JsonNode>> ask(
      String instructions, String content, Cancellation cancel) {
    return model
        .complete(
            ModelRequest.of(List.of(ChatMessage.system(instructions), ChatMessage.user(content))),
            cancel)
        .handle(
            (reply, error) -> {
              if (error != null) {
                log.info(
                    "the planning model failed ({}); the rules decide",
                    ProviderException.behind(error).getMessage());
                return Optional.empty();
              }
              String text = reply.text();
              int start = text.indexOf('{');
              int end = text.lastIndexOf('}');
              if (start < 0 || end <= start) {
                log.info("the planning model answered without JSON; the rules decide");
                return Optional.empty();
              }
              try {
                return Optional.of(json.readTree(text.substring(start, end + 1)));
              } catch (JacksonException e) {
                log.info(
                    "the planning model's JSON is malformed ({}); the rules decide",
                    e.getOriginalMessage());
                return Optional.empty();
              }
            });
  }
}
