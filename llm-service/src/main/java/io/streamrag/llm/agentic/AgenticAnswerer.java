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
import io.streamrag.llm.provider.model.ToolCall;
import io.streamrag.llm.provider.model.ToolSpec;
import io.streamrag.schemas.chat.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
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
   * Answers a prepared request, streaming the model's text to {@code tokens}; fails with a {@link
   * io.streamrag.llm.provider.ProviderException} when no model could answer.
   */
  public CompletableFuture<Result> answer(Preparation p, Consumer<String> tokens) {
    var request = p.request();
    String language = request.getLanguage();
    // 1. the parts the answer needs evidence for (S3.1)
    return planner
        .decompose(p.query(), language, p.cancel())
        .thenCompose(
            parts -> {
              p.trace()
                  .add(
                      "plan",
                      null,
                      p.query(),
                      List.of(),
                      null,
                      parts.size() + " part(s), by " + planner.name());
              var exec = new ToolExecutor(tool, planner, json, p, parts);
              return new Rounds(p, tokens, exec, parts, conversation(p)).round(0);
            });
  }

  /** 2. the conversation: tone and agentic instructions (S2.4), earlier turns, the question. */
  private static List<ChatMessage> conversation(Preparation p) {
    var messages = new ArrayList<ChatMessage>();
    messages.add(ChatMessage.system(system(p)));
    p.recall()
        .turns()
        .forEach(
            t -> {
              messages.add(ChatMessage.user(t.getQuestion()));
              messages.add(ChatMessage.assistant(t.getAnswer()));
            });
    messages.add(ChatMessage.user(p.request().getMessage()));
    return messages;
  }

  /** 3. rounds: the model answers, or calls the tool and reads its results. */
  private final class Rounds {
    private final Preparation p;
    private final Consumer<String> tokens;
    private final ToolExecutor exec;
    private final List<Part> parts;
    private final List<ChatMessage> messages;
    private final List<ToolSpec> spec;
    private int prompt;
    private int completion;

    Rounds(
        Preparation p,
        Consumer<String> tokens,
        ToolExecutor exec,
        List<Part> parts,
        List<ChatMessage> messages) {
      this.p = p;
      this.tokens = tokens;
      this.exec = exec;
      this.parts = parts;
      this.messages = messages;
      this.spec = List.of(KnowledgeTool.spec(json));
    }

    CompletableFuture<Result> round(int n) {
      if (n >= p.settings().searchBudget() + 2) {
        // 4. out of rounds: one last reply, without the tool
        messages.add(ChatMessage.user(ANSWER_NOW));
        return model.stream(ModelRequest.of(messages), tokens, p.cancel()).thenApply(this::result);
      }
      return model.stream(new ModelRequest(messages, spec), tokens, p.cancel())
          .thenCompose(
              reply -> {
                if (reply.toolCalls().isEmpty()) {
                  return CompletableFuture.completedFuture(result(reply));
                }
                prompt += reply.usage().promptTokens();
                completion += reply.usage().completionTokens();
                messages.add(ChatMessage.assistant(reply.text(), reply.toolCalls()));
                return calls(reply.toolCalls(), 0).thenCompose(done -> round(n + 1));
              });
    }

    /** The round's tool calls, one after another, each answered before the next is made. */
    private CompletableFuture<Void> calls(List<ToolCall> calls, int i) {
      if (i == calls.size()) {
        return CompletableFuture.completedFuture(null);
      }
      ToolCall call = calls.get(i);
      return exec.run(call)
          .thenCompose(
              answer -> {
                messages.add(ChatMessage.tool(call.id(), answer));
                return calls(calls, i + 1);
              });
    }

    private Result result(ModelReply reply) {
      return AgenticAnswerer.result(
          reply,
          exec,
          parts,
          prompt + reply.usage().promptTokens(),
          completion + reply.usage().completionTokens());
    }
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
