package io.streamrag.llm.memory;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Where conversation memory lives ({@code llm.memory.*}): any PostgreSQL.
 *
 * @param databaseUrl {@code DATABASE_URL}: {@code jdbc:postgresql://host:port/db}, or the {@code
 *     postgres://user:password@host:port/db} form many platforms hand out
 * @param username {@code DATABASE_USERNAME}; taken from the URL when empty
 * @param password {@code DATABASE_PASSWORD}; taken from the URL when empty
 * @param connectTimeout the longest a chat waits for a connection before answering without memory
 * @param queryTimeout the longest one statement may run
 * @param poolSize connections kept open
 * @param skipFor after repeated failures, how long memory is skipped without trying the database
 */
@Validated
@ConfigurationProperties("llm.memory")
public record MemoryProperties(
    @NotBlank String databaseUrl,
    String username,
    String password,
    @NotNull Duration connectTimeout,
    @NotNull Duration queryTimeout,
    @Positive int poolSize,
    @NotNull Duration skipFor) {

  /** The JDBC form of {@link #databaseUrl}; fails naming the key when it is neither form. */
  public String jdbcUrl() {
    if (databaseUrl.startsWith("jdbc:postgresql://")) {
      return databaseUrl;
    }
    URI uri = platformUri();
    int port = uri.getPort() < 0 ? 5432 : uri.getPort();
    String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
    return "jdbc:postgresql://" + uri.getHost() + ":" + port + uri.getRawPath() + query;
  }

  /** The user: {@link #username}, else the URL's. */
  public String user() {
    return blank(username) ? fromUserInfo(0) : username;
  }

  /** The password: {@link #password}, else the URL's. */
  public String secret() {
    return blank(password) ? fromUserInfo(1) : password;
  }

  private String fromUserInfo(int part) {
    if (databaseUrl.startsWith("jdbc:")) {
      return "";
    }
    String info = platformUri().getUserInfo();
    if (info == null) {
      return "";
    }
    String[] parts = info.split(":", 2);
    return part < parts.length ? parts[part] : "";
  }

  private URI platformUri() {
    try {
      URI uri = URI.create(databaseUrl);
      if (!("postgres".equals(uri.getScheme()) || "postgresql".equals(uri.getScheme()))
          || uri.getHost() == null) {
        throw new IllegalArgumentException("not a PostgreSQL URL");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "llm.memory.database-url (DATABASE_URL) must be jdbc:postgresql://host:port/db or"
              + " postgres://user:password@host:port/db, not '"
              + databaseUrl.replaceAll("//[^@/]*@", "//***@")
              + "'",
          e);
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
