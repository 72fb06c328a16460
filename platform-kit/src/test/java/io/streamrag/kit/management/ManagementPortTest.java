package io.streamrag.kit.management;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** The actuator listens on the service's port + 1000, never on the service's own. */
class ManagementPortTest {

  @Test
  void theActuatorIsOnTheServicePortPlusAThousand() {
    assertThat(managementPort(Map.of("server.port", "8080"))).isEqualTo("9080");
    assertThat(managementPort(Map.of("server.port", "8084"))).isEqualTo("9084");
    assertThat(managementPort(Map.of())).isEqualTo("9080");
  }

  @Test
  void aRandomServicePortGetsARandomActuatorPort() {
    assertThat(managementPort(Map.of("server.port", "0"))).isEqualTo("0");
  }

  @Test
  void anExplicitActuatorPortIsKept() {
    assertThat(managementPort(Map.of("server.port", "8080", "management.server.port", "7000")))
        .isEqualTo("7000");
  }

  private static String managementPort(Map<String, Object> properties) {
    var environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    new ManagementPort().postProcessEnvironment(environment, new SpringApplication());
    return environment.getProperty("management.server.port");
  }
}
