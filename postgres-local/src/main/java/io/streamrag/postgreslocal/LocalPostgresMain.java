package io.streamrag.postgreslocal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java … LocalPostgresMain <data dir> <port> [<ready file>] [--detach]}: starts PostgreSQL;
 * prints {@code postgres ready on <port>} once it accepts connections, and then writes the ready
 * file if one is named (run.sh waits on that file, never on a log that may be stale).
 *
 * <p>Without {@code --detach} the JVM stays until it is stopped, and stops the server with it. With
 * {@code --detach} it exits once the server is ready and leaves the server running: {@code
 * ./run.sh} then supervises the server's own process, and no JVM of 50-70 MB sits waiting beside
 * it. Either way the server is sized for one machine's demo ({@link #DEMO_SETTINGS}).
 */
public final class LocalPostgresMain {

  /**
   * One client service (llm-service's pool) and an operator's tools: 40 connections, not zonky's
   * 300 (each slot is shared memory every backend maps); no logical replication, so no launcher
   * process waits for subscriptions that never come.
   */
  static final Map<String, String> DEMO_SETTINGS =
      Map.of("max_connections", "40", "max_logical_replication_workers", "0");

  private LocalPostgresMain() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    List<String> positional = new ArrayList<>(List.of(args));
    boolean detach = positional.remove("--detach");
    if (positional.size() < 2 || positional.size() > 3) {
      System.err.println("usage: LocalPostgresMain <data dir> <port> [<ready file>] [--detach]");
      System.exit(2);
    }
    var server =
        LocalPostgres.start(
            Path.of(positional.get(0)),
            Integer.parseInt(positional.get(1)),
            DEMO_SETTINGS,
            !detach);
    System.out.println("postgres ready on " + server.port());
    if (positional.size() == 3) {
      Files.writeString(Path.of(positional.get(2)), server.port() + "\n");
    }
    if (detach) {
      System.exit(0); // the server runs on in its own session; its supervisor stops it
    }
    var stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  stopped.countDown();
                },
                "postgres-stop"));
    stopped.await();
  }
}
