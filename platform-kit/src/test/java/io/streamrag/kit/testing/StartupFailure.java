package io.streamrag.kit.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;

/** Why a service refused to start: what its configuration tests read. */
public final class StartupFailure {

  private StartupFailure() {}

  /**
   * Asserts the context failed to start, and returns the messages of its failure and every cause,
   * one a line: the key a bad value names may be in any of them.
   */
  public static String messages(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    var messages = new StringBuilder();
    for (Throwable t = context.getStartupFailure(); t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    return messages.toString();
  }
}
