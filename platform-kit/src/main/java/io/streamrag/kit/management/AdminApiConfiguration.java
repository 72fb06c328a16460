package io.streamrag.kit.management;

import io.streamrag.kit.auth.AdminToken;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The admin API's access rule ({@link AdminAccess#adminApi}) in the service's own context, for the
 * services whose {@code /admin/**} is theirs to guard ({@code streamrag.management.admin-api}).
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnBooleanProperty("streamrag.management.admin-api")
@EnableConfigurationProperties(ManagementAccessConfiguration.Settings.class)
class AdminApiConfiguration {

  @Bean
  AdminAccess adminApiAccess(ManagementAccessConfiguration.Settings settings) {
    return AdminAccess.adminApi(new AdminToken(settings.adminTokenSha256()));
  }
}
