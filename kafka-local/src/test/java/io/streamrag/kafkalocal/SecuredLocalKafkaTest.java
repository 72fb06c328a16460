package io.streamrag.kafkalocal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The secured broker admits SASL/PLAIN clients with the right credentials, and no others. */
class SecuredLocalKafkaTest {

  static final LocalKafka KAFKA = LocalKafka.startSecured("platform", "s3cret");

  @AfterAll
  static void stop() {
    KAFKA.close();
  }

  @Test
  void aClientWithTheCredentialsSeesTheCatalogue() throws Exception {
    try (var admin = Admin.create(client("s3cret"))) {
      assertThat(admin.listTopics().names().get(20, TimeUnit.SECONDS))
          .contains("chat.requests", "index.changes");
    }
  }

  @Test
  void aWrongPasswordIsRefused() {
    try (var admin = Admin.create(client("wrong"))) {
      assertThatThrownBy(() -> admin.listTopics().names().get(20, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(SaslAuthenticationException.class);
    }
  }

  @Test
  void aClientWithoutCredentialsGetsNothing() {
    var plain =
        Map.<String, Object>of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            KAFKA.bootstrapServers(),
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            3000,
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
            3000);
    try (var admin = Admin.create(plain)) {
      assertThatThrownBy(() -> admin.listTopics().names().get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class);
    }
  }

  private static Map<String, Object> client(String password) {
    var config = new HashMap<String, Object>();
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
    config.put("security.protocol", "SASL_PLAINTEXT");
    config.put("sasl.mechanism", "PLAIN");
    config.put("sasl.jaas.config", LocalKafka.plainLogin("platform", password));
    return config;
  }
}
