package io.streamrag.llm.memory;

import io.streamrag.schemas.chat.Citation;
import io.streamrag.schemas.chat.RememberedTurn;
import io.streamrag.schemas.chat.TraceStep;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Conversation memory in PostgreSQL, schema by Flyway ({@code db/memory}). The schema is migrated
 * on first use rather than at start-up, so llm-service starts (and answers without memory) while
 * the database is down, and migrates once it is back.
 */
public final class PostgresConversationStore implements ConversationStore {

  private static final String COLUMNS =
      "request_id, question, standalone_query, answer, language, kbs, citations, provider, model,"
          + " prompt_tokens, completion_tokens, asked_at, answered_at, first_token_ms, total_ms";
  private static final String OWNER =
      "conversation_id = :conversation AND user_id = :user AND sensor_uuid = :sensor";

  private final DataSource dataSource;
  private final JdbcClient jdbc;
  private final JsonMapper json;
  private final TransactionTemplate transactions;
  private final Clock clock;
  private volatile boolean migrated;

  /**
   * @param queryTimeoutSeconds the longest one statement may run
   */
  public PostgresConversationStore(
      DataSource dataSource, int queryTimeoutSeconds, JsonMapper json, Clock clock) {
    this.dataSource = dataSource;
    this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    this.clock = clock;
    var template = new JdbcTemplate(dataSource);
    template.setQueryTimeout(queryTimeoutSeconds);
    this.jdbc = JdbcClient.create(template);
    this.json = json;
  }

  @Override
  public List<RememberedTurn> recent(ConversationKey key, int max) {
    var oldestFirst = new ArrayList<>(select(key, "answered_at DESC LIMIT " + Math.max(0, max)));
    java.util.Collections.reverse(oldestFirst);
    return oldestFirst;
  }

  @Override
  public List<RememberedTurn> all(ConversationKey key) {
    return select(key, "answered_at");
  }

  /** The owner's turns of a conversation, in the given order ({@code max} is an int, not input). */
  private List<RememberedTurn> select(ConversationKey key, String order) {
    return run(
        () ->
            jdbc.sql(
                    "SELECT "
                        + COLUMNS
                        + " FROM conversation_turn WHERE "
                        + OWNER
                        + " ORDER BY "
                        + order)
                .params(owner(key))
                .query(this::turn)
                .list());
  }

  @Override
  public void save(StoredTurn stored) {
    RememberedTurn t = stored.turn();
    run(
        () ->
            jdbc.sql(
                    "INSERT INTO conversation_turn (conversation_id, user_id, sensor_uuid, pipeline, "
                        + COLUMNS
                        + ") SELECT :conversation, :user, :sensor, :pipeline, :request, :question,"
                        + " :query, :answer, :language, CAST(:kbs AS JSONB), CAST(:citations AS"
                        + " JSONB), :provider, :model, :promptTokens, :completionTokens, :askedAt,"
                        + " :answeredAt, :firstTokenMs, :totalMs WHERE NOT EXISTS (SELECT 1 FROM"
                        + " conversation_erasure WHERE "
                        + OWNER
                        + " AND erased_at >= :askedAt) ON CONFLICT (request_id) DO NOTHING")
                .params(owner(stored.key()))
                .param("pipeline", stored.pipeline())
                .param("request", t.getRequestId())
                .param("question", storable(t.getQuestion()))
                .param("query", storable(t.getQuery()))
                .param("answer", storable(t.getAnswer()))
                .param("language", t.getLanguage())
                .param("kbs", jsonb(t.getKbs()))
                .param("citations", jsonb(citations(t.getCitations())))
                .param("provider", t.getProvider())
                .param("model", t.getModel())
                .param("promptTokens", t.getPromptTokens())
                .param("completionTokens", t.getCompletionTokens())
                .param("askedAt", Timestamp.from(t.getAskedAt()))
                .param("answeredAt", Timestamp.from(t.getAnsweredAt()))
                .param("firstTokenMs", t.getFirstTokenMs())
                .param("totalMs", t.getTotalMs())
                .update());
  }

  @Override
  public int erase(ConversationKey key) {
    return run(
        () ->
            transactions.execute(
                status -> {
                  jdbc.sql(
                          "INSERT INTO conversation_erasure (conversation_id, user_id, sensor_uuid,"
                              + " erased_at) VALUES (:conversation, :user, :sensor, :now) ON"
                              + " CONFLICT (conversation_id, user_id, sensor_uuid) DO UPDATE SET"
                              + " erased_at = :now")
                      .params(owner(key))
                      .param("now", Timestamp.from(clock.instant()))
                      .update();
                  jdbc.sql("DELETE FROM answer_trace WHERE " + OWNER).params(owner(key)).update();
                  return jdbc.sql("DELETE FROM conversation_turn WHERE " + OWNER)
                      .params(owner(key))
                      .update();
                }));
  }

  @Override
  public void saveTrace(StoredTrace trace) {
    run(
        () ->
            jdbc.sql(
                    "INSERT INTO answer_trace (request_id, conversation_id, user_id, sensor_uuid,"
                        + " mode, steps, missing, asked_at) SELECT :request, :conversation, :user,"
                        + " :sensor, :mode, CAST(:steps AS JSONB), CAST(:missing AS JSONB),"
                        + " :askedAt WHERE NOT EXISTS (SELECT 1 FROM conversation_erasure WHERE "
                        + OWNER
                        + " AND erased_at >= :askedAt) ON CONFLICT (request_id) DO NOTHING")
                .params(owner(trace.key()))
                .param("request", trace.requestId())
                .param("mode", trace.mode())
                .param("steps", jsonb(TraceJson.of(trace.steps())))
                .param("missing", jsonb(trace.missing()))
                .param("askedAt", Timestamp.from(trace.askedAt()))
                .update());
  }

  @Override
  public java.util.Optional<List<TraceStep>> trace(String requestId, String userId) {
    return run(
        () ->
            jdbc.sql(
                    "SELECT steps FROM answer_trace WHERE request_id = :request AND user_id = :user")
                .param("request", requestId)
                .param("user", userId)
                .query((rs, row) -> TraceJson.read(json.readTree(rs.getString("steps"))))
                .optional());
  }

  private <T> T run(Supplier<T> statement) {
    try {
      migrate();
      return statement.get();
    } catch (DataAccessException e) {
      if (e.getMostSpecificCause() instanceof SQLException sql
          && sql.getSQLState() != null
          && (sql.getSQLState().startsWith("22") || sql.getSQLState().startsWith("23"))) {
        throw new RecordRefused("the conversation database refused a value: " + rootMessage(e), e);
      }
      throw new MemoryUnavailable("the conversation database failed: " + rootMessage(e), e);
    } catch (org.flywaydb.core.api.FlywayException e) {
      throw new MemoryUnavailable("the conversation database failed: " + rootMessage(e), e);
    }
  }

  /** A NUL, which PostgreSQL's text cannot hold, as the replacement character. */
  private static String storable(String text) {
    return text == null ? null : text.replace('\u0000', '\uFFFD');
  }

  /** An escaped NUL (not an escaped backslash before "u0000"), which JSONB cannot hold. */
  private static final Pattern ESCAPED_NUL = Pattern.compile("(?<!\\\\)((?:\\\\\\\\)*)\\\\u0000");

  /** The value as JSON that JSONB holds: a NUL in a string as the replacement character. */
  private String jsonb(Object value) {
    return ESCAPED_NUL.matcher(json.writeValueAsString(value)).replaceAll("$1\\\\uFFFD");
  }

  private void migrate() {
    if (!migrated) {
      synchronized (this) {
        if (!migrated) {
          Flyway.configure()
              .dataSource(dataSource)
              .locations("classpath:db/memory")
              .load()
              .migrate();
          migrated = true;
        }
      }
    }
  }

  private static Map<String, Object> owner(ConversationKey key) {
    return Map.of(
        "conversation", key.conversationId(), "user", key.userId(), "sensor", key.sensorUuid());
  }

  private RememberedTurn turn(ResultSet rs, int row) throws SQLException {
    var kbs = new ArrayList<String>();
    json.readTree(rs.getString("kbs")).forEach(n -> kbs.add(n.asString()));
    var citations = new ArrayList<Citation>();
    for (JsonNode c : json.readTree(rs.getString("citations"))) {
      citations.add(
          new Citation(
              c.get("index").asInt(),
              c.get("source").asString(),
              c.get("kb").asString(),
              c.get("score").asDouble()));
    }
    return RememberedTurn.newBuilder()
        .setRequestId(rs.getString("request_id"))
        .setQuestion(rs.getString("question"))
        .setQuery(rs.getString("standalone_query"))
        .setAnswer(rs.getString("answer"))
        .setLanguage(rs.getString("language"))
        .setKbs(kbs)
        .setCitations(citations)
        .setProvider(rs.getString("provider"))
        .setModel(rs.getString("model"))
        .setPromptTokens(rs.getInt("prompt_tokens"))
        .setCompletionTokens(rs.getInt("completion_tokens"))
        .setAskedAt(rs.getTimestamp("asked_at").toInstant())
        .setAnsweredAt(rs.getTimestamp("answered_at").toInstant())
        .setFirstTokenMs(rs.getLong("first_token_ms"))
        .setTotalMs(rs.getLong("total_ms"))
        .build();
  }

  private static List<Map<String, Object>> citations(List<Citation> citations) {
    return citations.stream()
        .map(
            c ->
                Map.<String, Object>of(
                    "index", c.getIndex(),
                    "source", c.getSource(),
                    "kb", c.getKb(),
                    "score", c.getScore()))
        .toList();
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage();
  }
}
