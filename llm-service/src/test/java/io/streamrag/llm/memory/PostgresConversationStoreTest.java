package io.streamrag.llm.memory;

import com.zaxxer.hikari.HikariDataSource;
import io.streamrag.postgreslocal.LocalPostgres;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import tools.jackson.databind.json.JsonMapper;

/** The PostgreSQL store on a real PostgreSQL server (binaries from Maven), behind its breaker. */
class PostgresConversationStoreTest extends ConversationStoreContract {

  static final HikariDataSource DATA = dataSource(LocalPostgres.shared().jdbcUrl());
  static final ConversationStore STORE =
      new GuardedConversationStore(
          new PostgresConversationStore(DATA, 2, new JsonMapper(), Clock.systemUTC()),
          Duration.ofSeconds(10));

  @Override
  protected ConversationStore store() {
    return STORE;
  }

  @AfterAll
  static void close() {
    DATA.close();
  }

  static HikariDataSource dataSource(String url) {
    var data = new HikariDataSource();
    data.setJdbcUrl(url);
    data.setUsername(LocalPostgres.USER);
    data.setConnectionTimeout(500);
    data.setInitializationFailTimeout(-1);
    return data;
  }
}
