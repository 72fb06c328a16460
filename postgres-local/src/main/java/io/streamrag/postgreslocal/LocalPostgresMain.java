package io.streamrag.postgreslocal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java … LocalPostgresMain <data dir> <port> [<ready file>]}: runs PostgreSQL until the
 * process is stopped; prints {@code postgres ready on <port>} once it accepts connections, and then
 * writes the ready file if one is named (run.sh waits on that file, never on a log that may be
 * stale).
 */
public final class LocalPostgresMain {

  private LocalPostgresMain() {}

  public static void main(String[] args) throws InterruptedException, IOException {
    if (args.length < 2 || args.length > 3) {
      System.err.println("usage: LocalPostgresMain <data dir> <port> [<ready file>]");
      System.exit(2);
    }
    var server = LocalPostgres.start(Path.of(args[0]), Integer.parseInt(args[1]));
    var stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  stopped.countDown();
                },
                "postgres-stop"));
    System.out.println("postgres ready on " + server.port());
    if (args.length == 3) {
      Files.writeString(Path.of(args[2]), server.port() + "\n");
    }
    stopped.await();
  }
}
