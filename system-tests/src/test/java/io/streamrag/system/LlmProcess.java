package io.streamrag.system;

import io.streamrag.kit.kafka.InstanceReport;
import io.streamrag.llm.LlmApplication;
import io.streamrag.modelfake.StreamingModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.awaitility.Awaitility;

/**
 * An llm-service instance in a JVM of its own, beside the shared system's, on its broker and
 * database: one that can really be killed with SIGKILL (no shutdown hook, no last commit, no leave
 * of its group, its connections cut by the kernel) or stopped with SIGTERM, as a container runtime
 * does. Its output goes to {@code target/llm-process-<pid>.log}.
 */
final class LlmProcess implements AutoCloseable {

  private final Process process;
  private final Path log;

  private LlmProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** Starts it answering with {@code model}, and waits until it has a share of chat.requests. */
  static LlmProcess start(RunningSystem system, StreamingModel model) {
    String java = ProcessHandle.current().info().command().orElse("java");
    String bootstrap = system.kafka.bootstrapServers();
    var command =
        List.of(
            java,
            "-Xmx384m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Dorg.apache.avro.SERIALIZABLE_PACKAGES="
                + System.getProperty(
                    "org.apache.avro.SERIALIZABLE_PACKAGES", "io.streamrag.schemas"),
            "-cp",
            System.getProperty("java.class.path"),
            LlmApplication.class.getName(),
            "--spring.profiles.active=demo",
            "--spring.main.web-application-type=none",
            "--spring.jmx.enabled=false",
            "--spring.kafka.bootstrap-servers=" + bootstrap,
            "--llm.memory.database-url=" + system.postgres.jdbcUrl(),
            "--LLM_BASE_URL=" + model.baseUrl(),
            "--LLM_MODEL=fake-streaming",
            "--LLM_PLANNER=deterministic");
    try {
      Path log = Files.createTempFile(Path.of("target"), "llm-process-", ".log");
      var process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      var started = new LlmProcess(process, log);
      started.awaitShare(bootstrap);
      return started;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Its id among llm-service's instances, which begins every generation it writes. */
  String instance() {
    String id = InstanceReport.instanceId();
    return id.substring(0, id.lastIndexOf('-') + 1) + process.pid();
  }

  /** SIGKILL, and its end. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  /**
   * SIGTERM, and its end (at most 60 s).
   *
   * @return its exit code
   */
  int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("llm-service still runs 60 s after SIGTERM: " + log);
    }
    return process.exitValue();
  }

  /** Until both this instance and the shared system's have partitions of chat.requests. */
  private void awaitShare(String bootstrap) {
    try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      Awaitility.await()
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> {
                if (!process.isAlive()) {
                  throw new IllegalStateException("llm-service exited at start: " + log);
                }
                var members =
                    admin
                        .describeConsumerGroups(List.of("llm-answers"))
                        .all()
                        .get()
                        .get("llm-answers")
                        .members();
                return members.size() == 2
                    && members.stream().allMatch(m -> !m.assignment().topicPartitions().isEmpty());
              });
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }
}
