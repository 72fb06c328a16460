package io.streamrag.system;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Closes {@link RunningSystem#shared()} when the test plan has run, before the JVM exits. With the
 * broker in a container, Testcontainers' own shutdown hook (Ryuk is disabled) removes the container
 * while the system's hook is still closing the services, whose clients then retry a broker that is
 * gone until Surefire gives up on the JVM (30 s). Registered through {@code
 * META-INF/services/org.junit.platform.launcher.TestExecutionListener}, under the profile
 * testcontainers only.
 */
public final class StopSharedSystem implements TestExecutionListener {

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    RunningSystem.closeShared();
  }
}
