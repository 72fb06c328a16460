package io.streamrag.retrieval.rerank;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A TEST model with a cross-encoder's signature, built from a bi-encoder: not a trained
 * cross-encoder. {@code src/test/python/cross_encoder_from_bi_encoder.py} rewires the bundled
 * all-MiniLM-L6-v2-q (from its Maven artifact) so that it reads "[CLS] question [SEP] passage
 * [SEP]" as a cross-encoder does and answers, as its logit, the cosine of the two segments encoded
 * apart. It lets the tests load and run a real ONNX model of that shape offline; it reads English
 * only, like MiniLM. Building it needs Python's {@code onnx} (Debian: {@code python3-onnx}, which
 * {@code .ci/run} installs): without it the tests that need it are skipped, loudly, except in CI,
 * where they fail.
 */
final class TestCrossEncoder {

  private static final Path DIR = Path.of("target", "test-cross-encoder");
  static final Path MODEL = DIR.resolve("minilm-bi-encoder-as-cross-encoder.onnx");
  static final Path TOKENIZER = DIR.resolve("tokenizer.json");

  private TestCrossEncoder() {}

  /** Builds the model once per build (it takes about a second) and returns its directory. */
  static synchronized Path build() {
    if (Files.exists(MODEL) && Files.exists(TOKENIZER)) {
      return DIR;
    }
    try {
      Files.createDirectories(DIR);
      Path source = DIR.resolve("all-minilm-l6-v2-q.onnx");
      copy("/all-minilm-l6-v2-q.onnx", source);
      copy("/all-minilm-l6-v2-q-tokenizer.json", TOKENIZER);
      String python = pythonWithOnnx();
      var process =
          new ProcessBuilder(
                  python,
                  "src/test/python/cross_encoder_from_bi_encoder.py",
                  source.toString(),
                  MODEL.toString())
              .redirectErrorStream(true)
              .start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("building the test cross-encoder failed: " + output);
      }
      Files.delete(source);
      return DIR;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String pythonWithOnnx() throws IOException, InterruptedException {
    for (String python : List.of("/usr/bin/python3", "python3")) {
      try {
        var check = new ProcessBuilder(python, "-c", "import onnx").start();
        if (check.waitFor(60, TimeUnit.SECONDS) && check.exitValue() == 0) {
          return python;
        }
      } catch (IOException notThere) {
        // try the next one
      }
    }
    String message =
        "SKIPPED: the test cross-encoder needs Python's onnx package (apt-get install python3-onnx)";
    System.err.println(message);
    if (System.getenv("CI") != null) {
      throw new IllegalStateException(message);
    }
    Assumptions.abort(message);
    return null;
  }

  private static void copy(String resource, Path target) throws IOException {
    try (InputStream in = TestCrossEncoder.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is not on the test classpath");
      }
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
