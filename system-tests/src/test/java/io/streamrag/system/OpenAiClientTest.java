package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway's OpenAI-compatible API as the official {@code openai} npm client sees it, against
 * the whole running system: models, a completion, a stream, and the 401, 403 and 404 it raises
 * ({@code src/test/node/openai-check.mjs}). The client is installed here with {@code npm ci} from
 * the committed lock file, into {@code target/}. Without {@code node} and {@code npm} on the PATH
 * the test is skipped, and says so loudly.
 */
class OpenAiClientTest {

  static final Path SOURCES = Path.of("src/test/node");
  static final Path WORK = Path.of("target/openai-node");
  static RunningSystem system;

  @BeforeAll
  static void start() {
    system = RunningSystem.shared();
  }

  @Test
  void theOfficialOpenAiClientStreamsCompletesListsModelsAndRaisesTheRightErrors()
      throws Exception {
    // Given node and npm, and the client installed from the lock file
    for (String tool : List.of("node", "npm")) {
      if (!onPath(tool)) {
        System.err.println(
            "\n*** SKIPPED OpenAiClientTest: '"
                + tool
                + "' is not on the PATH; the openai npm client was not run ***\n");
        Assumptions.abort(tool + " is not on the PATH");
      }
    }
    Files.createDirectories(WORK);
    for (String file : List.of("package.json", "package-lock.json", "openai-check.mjs")) {
      Files.copy(SOURCES.resolve(file), WORK.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    var install = run(Duration.ofMinutes(5), "npm", "ci", "--no-audit", "--no-fund");
    assertThat(install.exit()).as("npm ci:\n%s", install.output()).isZero();
    // And a knowledge base that answers the question the checks ask
    WholeFlowTest.askUntil(
        () ->
            Http.chat(
                system.gatewayUrl(),
                "dev-farmer-key",
                WholeFlowTest.FARMER_SENSOR,
                "What is ET0 and how do I use it?"),
        "ET0",
        Duration.ofSeconds(90));

    // When the checks run against the gateway
    var checks = run(Duration.ofMinutes(3), "node", "openai-check.mjs", system.gatewayUrl());
    System.out.println(checks.output());

    // Then every check passed
    assertThat(checks.exit()).as("openai-check.mjs:\n%s", checks.output()).isZero();
    assertThat(checks.output())
        .contains(
            "ok models",
            "ok completion",
            "ok stream",
            "ok 401",
            "ok 403 model",
            "ok 403 sensor",
            "ok 404 model");
  }

  private record Ran(int exit, String output) {}

  private static Ran run(Duration within, String... command)
      throws IOException, InterruptedException {
    var process =
        new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true).start();
    var output = new StringBuilder();
    var reader =
        new Thread(
            () -> {
              try (var in = process.getInputStream()) {
                output.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
              } catch (IOException e) {
                output.append(e);
              }
            });
    reader.start();
    if (!process.waitFor(within.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      reader.join(5_000);
      throw new AssertionError(
          String.join(" ", command) + " did not end within " + within + ":\n" + output);
    }
    reader.join(5_000);
    return new Ran(process.exitValue(), output.toString());
  }

  private static boolean onPath(String tool) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }
}
