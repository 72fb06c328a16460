package io.streamrag.kafkalocal;

import org.springframework.boot.SpringApplication;

/**
 * When a broker shared by a whole test JVM stops: after Spring Boot has closed the JVM's
 * application contexts, when Spring Boot is on the classpath, else at the JVM's exit.
 *
 * <p>JVM shutdown hooks run at once and in no order. A broker stopped by its own hook went down
 * while the test contexts were still closing: their consumers then waited out their close timeout
 * for a coordinator that was gone, and Surefire killed the fork 30 s after {@code System.exit}
 * (llm-service and gateway-service, every full build). Spring Boot runs its shutdown handlers after
 * every context it started has closed, so a stop registered there comes last.
 */
final class SharedStop {

  private static final boolean SPRING_BOOT = present("org.springframework.boot.SpringApplication");

  private SharedStop() {}

  static void atExit(String name, Runnable stop) {
    if (SPRING_BOOT) {
      AfterContexts.add(stop);
    } else {
      Runtime.getRuntime().addShutdownHook(new Thread(stop, name));
    }
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, SharedStop.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Loaded only when Spring Boot is there. */
  private static final class AfterContexts {
    static void add(Runnable stop) {
      SpringApplication.getShutdownHandlers().add(stop);
    }
  }
}
