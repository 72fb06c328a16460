package io.streamrag.llm.agentic;

import io.streamrag.llm.evidence.Evidence;
import io.streamrag.llm.evidence.Part;
import io.streamrag.llm.evidence.Planner;
import io.streamrag.llm.guard.Canary;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.provider.Answer;
import io.streamrag.llm.provider.Citations;
import io.streamrag.llm.provider.model.ChatMessage;
import io.streamrag.llm.provider.model.ChatModel;
import io.streamrag.llm.provider.model.ModelReply;
import io.streamrag.llm.provider.model.ModelRequest;
import io.streamrag.schemas.chat.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import tools.jackson.databind.json.JsonMapper;

/**
 * Agentic retrieval that knows when to stop (S2, S3): the model answers with the {@code
 * query_knowledge} tool and nothing retrieved beforehand; each of its searches spends one of the
 * pipeline's budget; what the tool returns is judged against the parts of the question first; the
 * rounds end when the model answers, or when the budget is spent and it must answer from what it
 * has. The parts still without evidence are reported, never filled in.
 */
public final class AgenticAnswerer {

  /** A reply after the budget: the last round runs without the tool. */
  static final String ANSWER_NOW =
      "The search budget is spent. Answer now from what the tool returned, citing it, and say"
          + " plainly which parts of the question it did not cover.";

  private final ChatModel model;
  private final KnowledgeTool tool;
  private final Planner planner;
  private final JsonMapper json;

  public AgenticAnswerer(ChatModel model, KnowledgeTool tool, Planner planner, JsonMapper json) {
    this.model = model;
    this.tool = tool;
    this.planner = planner;
    this.json = json;
  }

  /**
   * The answer, its evidence, and the passages it may cite.
   *
   * @param passages the results the model was given, numbered as it cites them
   */
  public record Result(Answer answer, Evidence evidence, List<Passage> passages) {}

  /**
   * Answers a prepared request, streaming the model's text to {@code tokens}.
   *
   * @throws io.streamrag.llm.provider.ProviderException when no model could answer
   */
  public Result answer(Preparation p, Consumer<String> tokens) {
    var request = p.request();
    String language = request.getLanguage();
    int budget = p.settings().searchBudget();
    // 1. the parts the answer needs evidence for (S3.1)
    List<Part> parts = planner.decompose(p.query(), language);
    p.trace()
        .add(
            "plan",
            null,
            p.query(),
            List.of(),
            null,
            parts.size() + " part(s), by " + planner.name());
    // 2. the conversation: tone and agentic instructions (S2.4), earlier turns, the question
    var messages = new ArrayList<ChatMessage>();
    messages.add(ChatMessage.system(system(p)));
    p.recall()
        .turns()
        .forEach(
            t -> {
              messages.add(ChatMessage.user(t.getQuestion()));
              messages.add(ChatMessage.assistant(t.getAnswer()));
            });
    messages.add(ChatMessage.user(request.getMessage()));
    // 3. rounds: the model answers, or calls the tool and reads its results
    var exec = new ToolExecutor(tool, planner, json, request, parts, budget, p.trace());
    var spec = List.of(KnowledgeTool.spec(json));
    int prompt = 0;
    int completion = 0;
    ModelReply reply = null;
    for (int round = 0; round < budget + 2; round++) {
      reply = model.stream(new ModelRequest(messages, spec), tokens);
      prompt += reply.usage().promptTokens();
      completion += reply.usage().completionTokens();
      if (reply.toolCalls().isEmpty()) {
        return result(reply, exec, parts, prompt, completion);
      }
      messages.add(ChatMessage.assistant(reply.text(), reply.toolCalls()));
      for (var call : reply.toolCalls()) {
        messages.add(ChatMessage.tool(call.id(), exec.run(call)));
      }
    }
    // 4. out of rounds: one last reply, without the tool
    messages.add(ChatMessage.user(ANSWER_NOW));
    reply = model.stream(ModelRequest.of(messages), tokens);
    return result(
        reply,
        exec,
        parts,
        prompt + reply.usage().promptTokens(),
        completion + reply.usage().completionTokens());
  }

  private static String system(Preparation p) {
    String tones =
        p.tones().values().stream()
            .filter(Objects::nonNull)
            .distinct()
            .collect(Collectors.joining("\n\n"));
    String instructions =
        p.settings().agenticInstructionsFor(p.request().getLanguage())
            + "\n\n"
            + Canary.line(p.request().getRequestId());
    return tones.isBlank()
        ? instructions
        : instructions + "\n\nStyle, by knowledge base:\n" + tones;
  }

  private static Result result(
      ModelReply reply, ToolExecutor exec, List<Part> parts, int prompt, int completion) {
    var passages = exec.numbered();
    var answer =
        new Answer(
            Citations.in(reply.text(), passages.size()),
            reply.provider(),
            reply.model(),
            new Answer.TokenUsage(prompt, completion),
            reply.fallbacks());
    var evidence =
        new Evidence(
            parts.stream()
                .map(
                    part ->
                        new Evidence.PartEvidence(
                            part, exec.accepted().get(part), exec.queries().get(part)))
                .toList(),
            exec.searches(),
            false);
    return new Result(answer, evidence, passages);
  }
}
