package io.streamrag.postgreslocal;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java … LocalPostgresMain <data dir> <port>}: runs PostgreSQL until the process is stopped;
 * prints {@code postgres ready on <port>} once it accepts connections. Used by run.sh.
 */
public final class LocalPostgresMain {

  private LocalPostgresMain() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 2) {
      System.err.println("usage: LocalPostgresMain <data dir> <port>");
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
    stopped.await();
  }
}
