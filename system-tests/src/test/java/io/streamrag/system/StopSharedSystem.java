package io.streamrag.system;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Closes {@link RunningSystem#shared()} when the test JVM's launcher session closes, after its last
 * test class and before the JVM exits: services first, then the broker. Surefire runs each class as
 * a test plan of its own within one session per fork, so a test plan's end would stop the system
 * after every class.
 *
 * <p>Not in a JVM shutdown hook: hooks run at once, in no order. Spring Boot's own hook closes the
 * same contexts, and a {@code close()} that finds Boot's thread waiting in a context's shutdown
 * returns at once (Spring takes that thread for stuck), so the broker stopped under services still
 * closing; Testcontainers' hook (Ryuk is disabled) removes a container broker the same way. Their
 * clients then retried a broker that was gone until Surefire killed the fork 30 s after {@code
 * System.exit}. Registered through {@code
 * META-INF/services/org.junit.platform.launcher.LauncherSessionListener}.
 */
public final class StopSharedSystem implements LauncherSessionListener {

  @Override
  public void launcherSessionClosed(LauncherSession session) {
    RunningSystem.closeShared();
  }
}
