package io.streamrag.llm.provider.openai;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What other threads are doing: a stalled stream must leave no thread inside the client. */
final class Threads {

  private static final List<String> CLIENT =
      List.of(OpenAiClient.class.getName(), StreamedCall.class.getName());

  private Threads() {}

  /** Names of the threads, other than this one, with a client class on their stack. */
  static List<String> insideTheClient() {
    Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
    return all.entrySet().stream()
        .filter(e -> e.getKey() != Thread.currentThread())
        .filter(
            e ->
                Arrays.stream(e.getValue())
                    .anyMatch(f -> CLIENT.stream().anyMatch(c -> f.getClassName().startsWith(c))))
        .map(e -> e.getKey().getName())
        .collect(Collectors.toList());
  }
}
