package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.ChatRequested;
import io.streamrag.schemas.chat.GivenTurn;
import io.streamrag.schemas.chat.RememberedTurn;
import java.util.List;

/** The earlier turns a request carried, as memory holds turns; only question and answer count. */
final class GivenTurns {

  private GivenTurns() {}

  static List<RememberedTurn> of(ChatRequested request) {
    List<GivenTurn> given = request.getHistory();
    return java.util.stream.IntStream.range(0, given.size())
        .mapToObj(
            i ->
                RememberedTurn.newBuilder()
                    .setRequestId(request.getRequestId() + "/given-" + i)
                    .setQuestion(given.get(i).getQuestion())
                    .setAnswer(given.get(i).getAnswer())
                    .setLanguage(request.getLanguage())
                    .setKbs(List.of())
                    .setCitations(List.of())
                    .setProvider("client")
                    .setModel("client")
                    .setPromptTokens(0)
                    .setCompletionTokens(0)
                    .setAskedAt(request.getRequestedAt())
                    .setAnsweredAt(request.getRequestedAt())
                    .setFirstTokenMs(0)
                    .setTotalMs(0)
                    .build())
        .toList();
  }
}
