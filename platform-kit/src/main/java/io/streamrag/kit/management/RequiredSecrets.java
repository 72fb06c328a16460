package io.streamrag.kit.management;

import java.util.List;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Refuses to start a service whose profile names secrets ({@code streamrag.secrets.required}, in
 * each service's {@code <service>-prod.yml}) while any of them is empty, naming every one missing:
 * a production service never starts open, or with a demo's public keys, because a variable was
 * forgotten.
 */
public final class RequiredSecrets implements EnvironmentPostProcessor, Ordered {

  /**
   * One secret.
   *
   * @param env the environment variable (or {@code .env} entry) it comes from
   * @param property the property that must not be empty
   */
  public record Secret(String env, String property) {}

  /** A start refused for missing secrets. */
  public static final class Missing extends IllegalStateException {
    Missing(String message) {
      super(message);
    }
  }

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    var required =
        Binder.get(environment)
            .bind("streamrag.secrets.required", Bindable.listOf(Secret.class))
            .orElse(List.of());
    var missing =
        required.stream()
            .filter(s -> environment.getProperty(s.property(), "").isBlank())
            .map(s -> s.env() + " (" + s.property() + ")")
            .toList();
    if (!missing.isEmpty()) {
      throw new Missing(
          "profile "
              + String.join(",", environment.getActiveProfiles())
              + " needs its secrets, and these are empty: "
              + String.join(", ", missing)
              + ". Set them in the environment (or compose's .env); STREAMRAG_PROFILE=demo runs"
              + " the demo with its public keys instead.");
    }
  }

  /** After the configuration files and profiles are read. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
