package io.streamrag.llm.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MemoryPropertiesTest {

  static MemoryProperties of(String url, String user, String password) {
    return new MemoryProperties(
        url,
        user,
        password,
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        4,
        Duration.ofSeconds(10));
  }

  @Test
  void aJdbcUrlIsUsedAsItIs() {
    var p = of("jdbc:postgresql://db:5433/memory", "app", "secret");

    assertThat(p.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5433/memory");
    assertThat(p.user()).isEqualTo("app");
    assertThat(p.secret()).isEqualTo("secret");
  }

  @Test
  void aPlatformUrlBecomesJdbcWithItsCredentials() {
    var p = of("postgres://app:s3cret@db.internal/memory?sslmode=require", "", "");

    assertThat(p.jdbcUrl()).isEqualTo("jdbc:postgresql://db.internal:5432/memory?sslmode=require");
    assertThat(p.user()).isEqualTo("app");
    assertThat(p.secret()).isEqualTo("s3cret");
  }

  @Test
  void anythingElseFailsNamingTheKeyWithoutShowingThePassword() {
    var p = of("mysql://app:s3cret@db/memory", "", "");

    assertThatThrownBy(p::jdbcUrl)
        .hasMessageContaining("llm.memory.database-url (DATABASE_URL)")
        .hasMessageNotContaining("s3cret");
  }
}
