package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.knowledge.KnowledgeBaseConfigured;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Whether an action=query call may run. Every KB it names must belong to the pipeline of the chat
 * request it came with (S2.5): the model picks among the KBs the user may search, never beyond. Its
 * other arguments must make a search. Every problem is named at once, so the model can correct the
 * call in one go.
 *
 * @param kbIds the KBs to search, each once, in the order the model named them
 * @param outsidePipeline the KBs named that are not in the request's pipeline
 * @param problems what is wrong with the call; empty when it may run
 */
record CallCheck(List<String> kbIds, List<String> outsidePipeline, List<String> problems) {

  /** The most results one call may ask for. */
  static final int MAX_TOP_K = 20;

  static CallCheck of(
      KnowledgeToolCalled call, String pipeline, List<KnowledgeBaseConfigured> pipelineKbs) {
    var allowed =
        pipelineKbs.stream().map(KnowledgeBaseConfigured::getKbName).collect(Collectors.toSet());
    var asked = List.copyOf(new LinkedHashSet<>(call.getKbIds()));
    var outside = asked.stream().filter(kb -> !allowed.contains(kb)).toList();
    var problems = new ArrayList<String>();
    if (asked.isEmpty()) {
      problems.add(
          "kb_ids is empty: name one or more knowledge bases of pipeline "
              + pipeline
              + " (action=list shows them)");
    }
    if (!outside.isEmpty()) {
      problems.add(notInPipeline(outside, pipeline));
    }
    if (call.getQueryText().isBlank()) {
      problems.add("query_text is blank: say what to search for");
    }
    if (call.getTopK() < 1 || call.getTopK() > MAX_TOP_K) {
      problems.add("top_k must be between 1 and " + MAX_TOP_K + ", was " + call.getTopK());
    }
    return new CallCheck(asked, outside, List.copyOf(problems));
  }

  boolean refused() {
    return !problems.isEmpty();
  }

  /** The reply's error: every problem, in one sentence each. */
  String error() {
    return String.join("; ", problems);
  }

  private static String notInPipeline(List<String> outside, String pipeline) {
    String named = outside.stream().map(kb -> "'" + kb + "'").collect(Collectors.joining(", "));
    return outside.size() == 1
        ? "knowledge base " + named + " is not in pipeline " + pipeline
        : "knowledge bases " + named + " are not in pipeline " + pipeline;
  }
}
