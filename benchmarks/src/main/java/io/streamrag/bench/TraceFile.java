package io.streamrag.bench;

import io.streamrag.llm.evidence.Trace;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * Why each question of the answer benchmark ended as it did: one JSON line per question and
 * threshold with its outcome and the loop's trace (S3.6). Nothing is written without a file name.
 */
final class TraceFile implements AutoCloseable {

  private final PrintWriter out;
  private final JsonMapper json = JsonMapper.builder().build();

  TraceFile(String file) {
    try {
      out =
          file.isBlank()
              ? null
              : new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void write(double threshold, AnswerBench.Outcome o, Trace trace) {
    if (out == null) {
      return;
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("threshold", threshold);
    line.put("id", o.question().id());
    line.put("split", o.question().split());
    line.put("question", o.question().text());
    line.put("answerable", o.question().answerable());
    line.put("answered", o.answered());
    line.put("needs_human", o.evidence().needsHuman().isPresent());
    line.put(
        "steps",
        trace.steps().stream()
            .map(
                s ->
                    String.join(
                        " | ",
                        List.of(
                            s.getKind(),
                            String.valueOf(s.getPart()),
                            String.valueOf(s.getQuery()),
                            String.valueOf(s.getSource()),
                            String.valueOf(s.getDetail()))))
            .toList());
    out.println(json.writeValueAsString(line));
  }

  @Override
  public void close() {
    if (out != null) {
      out.close();
    }
  }
}
