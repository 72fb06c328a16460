package io.streamrag.kit.management;

import io.streamrag.kit.auth.AdminToken;
import jakarta.validation.constraints.Pattern;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.validation.annotation.Validated;

/**
 * The actuator's access rule ({@link AdminAccess#actuator}), in whichever context serves the
 * actuator: the management port's own, or the service's when they share a port.
 */
@ManagementContextConfiguration(value = ManagementContextType.ANY, proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(ManagementAccessConfiguration.Settings.class)
class ManagementAccessConfiguration {

  @Bean
  AdminAccess managementAccess(Settings settings, Environment environment) {
    return AdminAccess.actuator(
        new AdminToken(settings.adminTokenSha256()),
        environment.getProperty("management.endpoints.web.base-path", "/actuator"));
  }

  /**
   * {@code streamrag.management.*}.
   *
   * @param adminTokenSha256 hex SHA-256 of the token that reads the actuator's details and uses the
   *     admin API; each service sets it to its own admin token's; empty: only probes and Prometheus
   *     answer, and the admin API refuses everyone
   * @param adminApi whether the service's {@code /admin/**} is its admin API, behind that token
   *     ({@link AdminApiConfiguration}); the gateway's is behind API keys of role admin instead
   */
  @Validated
  @ConfigurationProperties("streamrag.management")
  record Settings(
      @Pattern(regexp = "|[0-9a-f]{64}", message = "must be empty or 64 lowercase hex (SHA-256)")
          String adminTokenSha256,
      boolean adminApi) {

    Settings {
      adminTokenSha256 = adminTokenSha256 == null ? "" : adminTokenSha256;
    }
  }
}
