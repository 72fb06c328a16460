package io.streamrag.kit.management;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Puts the actuator on a port of its own unless {@code management.server.port} is set: the
 * service's port + 1000 (gateway 8080, its actuator 9080), or a random one when the service's is
 * random ({@code server.port=0}, as in tests). The service's port is what clients, Services and
 * routes reach; metrics and health answer only on the other, which Prometheus and the kubelet reach
 * inside the cluster.
 */
public final class ManagementPort implements EnvironmentPostProcessor, Ordered {

  /** How far above the service's port its actuator listens. */
  public static final int OFFSET = 1000;

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (environment.containsProperty("management.server.port")) {
      return;
    }
    Integer port = environment.getProperty("server.port", Integer.class, 8080);
    int management = port <= 0 ? port : port + OFFSET;
    environment
        .getPropertySources()
        .addLast(
            new MapPropertySource(
                "streamrag-management-port", Map.of("management.server.port", management)));
  }

  /** After the configuration files are read: they may set either port. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
