package io.streamrag.postgreslocal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
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
}
