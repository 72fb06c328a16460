package io.streamrag.system;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/**
 * The MDC of every line one logger writes while open, as it was on the thread that wrote it (the
 * lines themselves are not printed). E.g. spring-kafka's template at TRACE: a line per record sent,
 * on the sending thread, in every service.
 */
final class LoggedMdc extends AppenderBase<ILoggingEvent> implements AutoCloseable {

  private final Logger logger;
  private final Level level;
  private final boolean additive;
  private final List<Map<String, String>> lines = new CopyOnWriteArrayList<>();

  private LoggedMdc(String name, Level at) {
    this.logger = (Logger) LoggerFactory.getLogger(name);
    this.level = logger.getLevel();
    this.additive = logger.isAdditive();
    setContext(logger.getLoggerContext());
    start();
    logger.addAppender(this);
    logger.setAdditive(false);
    logger.setLevel(at);
  }

  static LoggedMdc of(String logger, Level at) {
    return new LoggedMdc(logger, at);
  }

  @Override
  protected void append(ILoggingEvent event) {
    lines.add(Map.copyOf(event.getMDCPropertyMap()));
  }

  /** The MDC of the lines written with this trace id. */
  List<Map<String, String>> ofTrace(String traceId) {
    return lines.stream().filter(mdc -> traceId.equals(mdc.get("trace_id"))).toList();
  }

  @Override
  public void close() {
    logger.setLevel(level);
    logger.setAdditive(additive);
    logger.detachAppender(this);
    stop();
  }
}
