package io.streamrag.llm.agentic;

import io.streamrag.kit.kafka.RequestClient;
import io.streamrag.llm.prerun.Preparation;
import io.streamrag.llm.provider.model.ToolSpec;
import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.KnowledgeAction;
import io.streamrag.schemas.chat.KnowledgeToolAnswered;
import io.streamrag.schemas.chat.KnowledgeToolCalled;
import io.streamrag.schemas.chat.RetrievalScopes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code query_knowledge} tool (S2.1): what the model is shown, and the call it becomes, a
 * request over Kafka to retrieval-service, the only service that searches. The chat request goes
 * with it, so retrieval checks every KB against the request's pipeline and filters by the request's
 * sensor (S2.5); the model only chooses KBs, words and a count. A call not answered in time is an
 * error the model is told about, never a hang.
 */
public final class KnowledgeTool {

  public static final String NAME = "query_knowledge";

  private static final String SCHEMA =
      """
      {"type":"object","properties":{
        "action":{"type":"string","enum":["list","query"],
          "description":"list: the knowledge bases you may search, with their descriptions; query: search them"},
        "kb_id":{"type":"string","description":"query: one knowledge base to search"},
        "kb_ids":{"type":"array","items":{"type":"string"},"description":"query: several knowledge bases to search"},
        "query_text":{"type":"string","description":"query: what to look for, one focused question or its key words"},
        "top_k":{"type":"integer","minimum":1,"maximum":20,"description":"query: results to return across the knowledge bases (default 5)"}},
       "required":["action"]}""";

  private final RequestClient<KnowledgeToolAnswered> retrieval;
  private final Duration timeout;
  private final Clock clock;

  public KnowledgeTool(
      RequestClient<KnowledgeToolAnswered> retrieval, Duration timeout, Clock clock) {
    this.retrieval = retrieval;
    this.timeout = timeout;
    this.clock = clock;
  }

  /** The tool as the model sees it. */
  public static ToolSpec spec(JsonMapper json) {
    return new ToolSpec(
        NAME,
        "Searches the knowledge bases: the primary source for facts on agriculture, irrigation,"
            + " fertilization, procedures and the farmer's own sensor data. List them first, then"
            + " query the ones that fit.",
        json.readTree(SCHEMA));
  }

  /** The KBs of the request's pipeline. */
  public CompletableFuture<KnowledgeToolAnswered> list(ChatRequested chat, Preparation p) {
    return call(chat, KnowledgeAction.LIST, List.of(), "", 5, p);
  }

  /** A search of some KBs, merged and cut to {@code topK}. */
  public CompletableFuture<KnowledgeToolAnswered> query(
      ChatRequested chat, List<String> kbIds, String queryText, int topK, Preparation p) {
    return call(chat, KnowledgeAction.QUERY, kbIds, queryText, topK, p);
  }

  private CompletableFuture<KnowledgeToolAnswered> call(
      ChatRequested chat,
      KnowledgeAction action,
      List<String> kbIds,
      String text,
      int topK,
      Preparation p) {
    p.cancel().check();
    var call =
        KnowledgeToolCalled.newBuilder()
            .setCallId(UUID.randomUUID().toString())
            .setScope(RetrievalScopes.of(chat))
            .setAction(action)
            .setKbIds(kbIds)
            .setQueryText(text)
            .setTopK(topK)
            .setRequestedAt(clock.instant())
            .build();
    return p.scope()
        .call(() -> retrieval.callAsync(call.getCallId(), call, timeout))
        .exceptionally(
            failed ->
                KnowledgeToolAnswered.newBuilder()
                    .setCallId(call.getCallId())
                    .setAction(action)
                    .setError(
                        "the knowledge bases did not answer in time; try again or answer without"
                            + " them")
                    .setAnsweredAt(clock.instant())
                    .build());
  }
}
