package io.streamrag.postgreslocal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPostgresTest {

  @TempDir Path data;

  @Test
  void whatWasStoredSurvivesARestartOnTheSameDataDirectory() throws SQLException {
    // Given a row written to a fresh server
    try (var server = LocalPostgres.start(data, 0);
        var c = DriverManager.getConnection(server.jdbcUrl(), LocalPostgres.USER, "")) {
      c.createStatement().execute("create table note(text varchar(20))");
      c.createStatement().execute("insert into note values ('kept')");
    }

    // When the server starts again on the same directory
    try (var server = LocalPostgres.start(data, 0);
        var c = DriverManager.getConnection(server.jdbcUrl(), LocalPostgres.USER, "");
        var rows = c.createStatement().executeQuery("select text from note")) {
      // Then the row is still there
      assertThat(rows.next()).isTrue();
      assertThat(rows.getString(1)).isEqualTo("kept");
    }
  }

  @Test
  void aDetachedStartLeavesTheServerServingAfterItsJvmExits() throws Exception {
    // Given LocalPostgresMain started as run.sh starts it, detached, on a free port
    int port = freePort();
    Path ready = data.resolve("ready");
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var starter =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                LocalPostgresMain.class.getName(),
                data.resolve("db").toString(),
                String.valueOf(port),
                ready.toString(),
                "--detach")
            .redirectErrorStream(true)
            .redirectOutput(data.resolve("starter.log").toFile())
            .start();
    Long postmaster = null;
    try {
      // When its JVM is done
      assertThat(starter.waitFor(120, TimeUnit.SECONDS)).as("the starter exits").isTrue();
      assertThat(starter.exitValue()).isZero();
      postmaster = Long.valueOf(Files.readAllLines(data.resolve("db/postmaster.pid")).get(0));

      // Then the server it left answers, with the demo's settings, and the ready file names its
      // port
      assertThat(Files.readString(ready).trim()).isEqualTo(String.valueOf(port));
      var url = "jdbc:postgresql://localhost:" + port + "/postgres";
      try (var c = DriverManager.getConnection(url, LocalPostgres.USER, "");
          var rows = c.createStatement().executeQuery("show max_connections")) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getString(1)).isEqualTo("40");
      }
    } finally {
      stop(postmaster);
    }
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Stops a detached server as run.sh does: SIGINT, PostgreSQL's fast shutdown. */
  private static void stop(Long postmaster) throws Exception {
    if (postmaster == null) {
      return;
    }
    new ProcessBuilder("kill", "-INT", postmaster.toString()).start().waitFor();
    var handle = ProcessHandle.of(postmaster);
    if (handle.isPresent()) {
      handle.get().onExit().get(30, TimeUnit.SECONDS);
    }
  }
}
