package io.streamrag.llm.guard;

import io.streamrag.kit.guard.injection.GuardCorpus;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The similarity layer's corpus as of now: platform-kit's, then every knowledge base's table
 * {@value GuardCorpus#FILE} on {@code kb.configs} (an operator's additions, no deploy). Parsed
 * again only when one of those tables changed; a line that cannot be read is left out and logged
 * (the admin API refuses such a table before it is published).
 */
public final class LiveGuardCorpus implements Supplier<GuardCorpus> {

  private static final Logger log = LoggerFactory.getLogger(LiveGuardCorpus.class);

  private final GuardCorpus shipped;
  private final Supplier<Map<String, String>> tables;
  private volatile Parsed parsed = new Parsed(null, null);

  private record Parsed(Map<String, String> tables, GuardCorpus corpus) {}

  /**
   * @param shipped platform-kit's corpus
   * @param tables each KB's {@value GuardCorpus#FILE} text, by KB name, as of now
   */
  public LiveGuardCorpus(GuardCorpus shipped, Supplier<Map<String, String>> tables) {
    this.shipped = shipped;
    this.tables = tables;
  }

  @Override
  public GuardCorpus get() {
    Map<String, String> now = tables.get();
    Parsed current = parsed;
    if (!now.equals(current.tables())) {
      var corpus = shipped;
      for (var table : now.entrySet()) {
        var problems = GuardCorpus.problems(table.getValue());
        if (!problems.isEmpty()) {
          log.warn("{} of KB {}: lines left out: {}", GuardCorpus.FILE, table.getKey(), problems);
        }
        corpus = corpus.plus(GuardCorpus.parse(table.getValue()));
      }
      log.info(
          "guard corpus: {} entries ({} from {} knowledge base table(s))",
          corpus.entries().size(),
          corpus.entries().size() - shipped.entries().size(),
          now.size());
      current = new Parsed(Map.copyOf(now), corpus);
      parsed = current;
    }
    return current.corpus();
  }
}
