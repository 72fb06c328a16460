package io.streamrag.system;

import io.streamrag.kafkalocal.LocalKafka;

/**
 * The broker the system runs on, with the catalogue's topics: where clients connect, and how to
 * stop it. In-process ({@link LocalKafka}) unless {@code -Dstreamrag.broker=testcontainers} (the
 * Maven profile {@code testcontainers}) asks for one in a container.
 */
interface Broker extends AutoCloseable {

  /** The {@code bootstrap.servers} value clients use. */
  String bootstrapServers();

  @Override
  void close();

  /** A broker of the kind {@code streamrag.broker} names, started, with the catalogue's topics. */
  static Broker startWithCatalogue() {
    String kind = System.getProperty("streamrag.broker", "in-process");
    return switch (kind) {
      case "in-process" -> of(LocalKafka.startWithCatalogue());
      case "testcontainers" -> container();
      default ->
          throw new IllegalArgumentException(
              "streamrag.broker=" + kind + ": expected in-process or testcontainers");
    };
  }

  /** An in-process broker already started. */
  static Broker of(LocalKafka kafka) {
    return new Broker() {
      @Override
      public String bootstrapServers() {
        return kafka.bootstrapServers();
      }

      @Override
      public void close() {
        kafka.close();
      }
    };
  }

  /**
   * {@code ContainerBroker.startWithCatalogue()}, looked up by name: that class and Testcontainers
   * are on the test classpath only under the Maven profile {@code testcontainers}.
   */
  private static Broker container() {
    try {
      return (Broker)
          Class.forName("io.streamrag.system.ContainerBroker")
              .getDeclaredMethod("startWithCatalogue")
              .invoke(null);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          "streamrag.broker=testcontainers needs the Maven profile testcontainers (-Ptestcontainers)",
          e);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
