package io.streamrag.llm.advice;

import io.streamrag.agronomy.Agronomy;
import io.streamrag.agronomy.fertilization.FertilizationTables;
import io.streamrag.agronomy.irrigation.IrrigationTables;
import io.streamrag.agronomy.table.TableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agronomy the recommendations are computed from, built from the tables the KB configs carry
 * (tables are data: an edit in the knowledge folder is published and used, without a build). Built
 * again only when a table's text changed; a table that cannot be used is reported with every
 * problem, and no number is computed from it.
 */
public final class AgronomyTables {

  private static final Logger log = LoggerFactory.getLogger(AgronomyTables.class);

  /** How often at most a missing table makes the caller wait for the KB configs' view. */
  static final Duration CATCH_UP_EVERY = Duration.ofSeconds(5);

  private static final String NOT_PUBLISHED = "the agronomy tables are not published yet";

  private final Supplier<Map<String, String>> tables;
  private final BooleanSupplier catchUp;
  private Instant caughtUpAt = Instant.MIN;
  private final Clock clock;
  private final Duration moistureMaxAge;
  private final Duration nutrientsMaxAge;
  private Map<String, String> built;
  private Agronomy agronomy;
  private String problem = NOT_PUBLISHED;

  /** Tables from a source that is always complete: nothing to wait for when one is missing. */
  public AgronomyTables(
      Supplier<Map<String, String>> tables,
      Clock clock,
      Duration moistureMaxAge,
      Duration nutrientsMaxAge) {
    this(tables, () -> false, clock, moistureMaxAge, nutrientsMaxAge);
  }

  /**
   * Tables as a followed view holds them; {@code catchUp} waits until the view has read its topic
   * to the end as of now (true once it has). When no table is held, the view is caught up before
   * the tables are said to be missing: they may have been published a moment ago, and a snapshot
   * advised on without them is not advised on again.
   */
  public AgronomyTables(
      Supplier<Map<String, String>> tables,
      BooleanSupplier catchUp,
      Clock clock,
      Duration moistureMaxAge,
      Duration nutrientsMaxAge) {
    this.tables = tables;
    this.catchUp = catchUp;
    this.clock = clock;
    this.moistureMaxAge = moistureMaxAge;
    this.nutrientsMaxAge = nutrientsMaxAge;
  }

  /**
   * The agronomy of the tables as published now.
   *
   * @throws IllegalStateException saying why when the tables are missing or cannot be used
   */
  public synchronized Agronomy current() {
    Map<String, String> now = tables.get();
    if (now.isEmpty() && Instant.now(clock).isAfter(caughtUpAt.plus(CATCH_UP_EVERY))) {
      // at most every few seconds: a deployment without agronomy tables asks on every snapshot
      caughtUpAt = Instant.now(clock);
      if (catchUp.getAsBoolean()) {
        now = tables.get();
      }
    }
    if (now.isEmpty()) {
      built = now;
      agronomy = null;
      problem = NOT_PUBLISHED;
    } else if (!now.equals(built)) {
      built = now;
      try {
        agronomy =
            Agronomy.of(
                only(now, IrrigationTables.FILES),
                only(now, FertilizationTables.FILES),
                clock,
                moistureMaxAge,
                nutrientsMaxAge);
        problem = null;
        log.info("agronomy tables in use: {}", now.keySet());
      } catch (TableException e) {
        agronomy = null;
        problem = "the agronomy tables cannot be used: " + e.getMessage();
        log.error(problem);
      }
    }
    if (agronomy == null) {
      throw new IllegalStateException(problem);
    }
    return agronomy;
  }

  private static Map<String, String> only(Map<String, String> all, java.util.List<String> names) {
    return all.entrySet().stream()
        .filter(e -> names.contains(e.getKey()))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
  }
}
