package io.streamrag.kit.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** A profile that names its secrets does not start without them, and says which are missing. */
class RequiredSecretsTest {

  @Test
  void aStartWithoutItsSecretsIsRefusedNamingEveryMissingOne() {
    var environment =
        environment(Map.of("gateway.admin-key-sha256", "", "llm.memory.password", " "));
    assertThatThrownBy(() -> post(environment))
        .isInstanceOf(RequiredSecrets.Missing.class)
        .hasMessageContaining("GATEWAY_ADMIN_KEY_SHA256 (gateway.admin-key-sha256)")
        .hasMessageContaining("DATABASE_PASSWORD (llm.memory.password)")
        .hasMessageContaining("STREAMRAG_PROFILE=demo");
  }

  @Test
  void aStartWithItsSecretsGoesOn() {
    var environment =
        environment(
            Map.of("gateway.admin-key-sha256", "ab".repeat(32), "llm.memory.password", "x"));
    assertThatCode(() -> post(environment)).doesNotThrowAnyException();
  }

  @Test
  void aProfileThatNamesNoSecretsNeedsNone() {
    var environment = new StandardEnvironment();
    assertThatCode(() -> post(environment)).doesNotThrowAnyException();
    assertThat(environment.getProperty("streamrag.secrets.required[0].env")).isNull();
  }

  private static StandardEnvironment environment(Map<String, Object> values) {
    var properties = new HashMap<String, Object>(values);
    properties.put("streamrag.secrets.required[0].env", "GATEWAY_ADMIN_KEY_SHA256");
    properties.put("streamrag.secrets.required[0].property", "gateway.admin-key-sha256");
    properties.put("streamrag.secrets.required[1].env", "DATABASE_PASSWORD");
    properties.put("streamrag.secrets.required[1].property", "llm.memory.password");
    var environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    return environment;
  }

  private static void post(StandardEnvironment environment) {
    new RequiredSecrets().postProcessEnvironment(environment, new SpringApplication());
  }
}
