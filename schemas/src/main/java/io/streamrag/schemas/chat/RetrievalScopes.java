package io.streamrag.schemas.chat;

/**
 * Writes a chat request's {@link RetrievalScope} and reads it back from a retrieval call of any
 * version: calls written before the scope existed carry the whole {@link ChatRequested} instead.
 */
public final class RetrievalScopes {

  private RetrievalScopes() {}

  /** What retrieval needs of {@code chat}: its id, user, tenant filter and language. */
  public static RetrievalScope of(ChatRequested chat) {
    return new RetrievalScope(
        chat.getRequestId(),
        chat.getUserId(),
        chat.getSensorUuid(),
        chat.getPipeline(),
        chat.getLanguage());
  }

  /** The scope of a context call: its own, or its chat's when written before v5. */
  public static RetrievalScope of(RetrievalRequested call) {
    return of(call.getScope(), call.getChat(), call.getCallId());
  }

  /** The scope of a knowledge tool call: its own, or its chat's when written before v4. */
  public static RetrievalScope of(KnowledgeToolCalled call) {
    return of(call.getScope(), call.getChat(), call.getCallId());
  }

  /**
   * What a context call searches for. Calls written before v5 could leave the query blank for "the
   * chat's message".
   */
  public static String query(RetrievalRequested call) {
    boolean blank = call.getQuery() == null || call.getQuery().isBlank();
    return blank && call.getChat() != null ? call.getChat().getMessage() : call.getQuery();
  }

  private static RetrievalScope of(RetrievalScope scope, ChatRequested chat, String callId) {
    if (scope != null) {
      return scope;
    }
    if (chat != null) {
      return of(chat);
    }
    // no tenant filter at all: never searched as if it were global knowledge
    throw new IllegalArgumentException("call " + callId + " carries neither a scope nor a chat");
  }
}
