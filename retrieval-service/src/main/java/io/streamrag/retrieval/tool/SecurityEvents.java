package io.streamrag.retrieval.tool;

import io.streamrag.schemas.chat.RetrievalScope;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Security events of the tool, on the {@code security} logger that operators alert on. A model
 * naming a KB outside its request's pipeline is either confused or steered by injected text; either
 * way someone should be able to find every such call.
 */
final class SecurityEvents {

  private static final Logger log = LoggerFactory.getLogger("security");

  private SecurityEvents() {}

  /** A call named KBs outside its request's pipeline (S2.5); nothing was searched. */
  static void kbOutsidePipeline(String callId, RetrievalScope chat, List<String> refused) {
    log.warn(
        "security_event=kb_outside_pipeline call_id={} request_id={} user={} pipeline={}"
            + " refused_kbs={} outcome=refused",
        ToolCallRecord.plain(callId),
        ToolCallRecord.plain(chat.getRequestId()),
        ToolCallRecord.plain(chat.getUserId()),
        ToolCallRecord.plain(chat.getPipeline()),
        refused.stream().map(ToolCallRecord::plain).collect(Collectors.joining(",")));
  }
}
