package io.streamrag.retrieval.feed;

import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.lang.Nullable;

/**
 * {@code GET /actuator/freshness?since=<epoch ms>}: the changes made searchable since then, each
 * with the time its fact entered the system. Internal (retrieval's port is not public); read by
 * {@code ./bench.sh freshness}.
 */
@Endpoint(id = "freshness")
public class FreshnessEndpoint {

  private final FreshnessLog log;

  public FreshnessEndpoint(FreshnessLog log) {
    this.log = log;
  }

  @ReadOperation
  public Map<String, Object> since(@Nullable Long since) {
    List<FreshnessLog.Entry> entries = log.since(since == null ? 0 : since);
    return Map.of("count", entries.size(), "entries", entries);
  }
}
