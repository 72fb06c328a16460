package io.streamrag.gateway;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.kit.management.RequiredSecrets;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The production profile, the images' and compose's default, never starts open: without its admin
 * key the gateway refuses to start and names the variable to set.
 */
class ProductionProfileTest {

  @Test
  void theProductionProfileRefusesToStartWithoutItsSecretsNamingThem() {
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(GatewayApplication.class)
                    .properties(GatewayApplication.CONFIG_NAME)
                    .profiles("prod")
                    .run("--server.port=0", "--spring.jmx.enabled=false")
                    .close())
        .isInstanceOf(RequiredSecrets.Missing.class)
        .hasMessageContaining("GATEWAY_ADMIN_KEY_SHA256");
  }
}
