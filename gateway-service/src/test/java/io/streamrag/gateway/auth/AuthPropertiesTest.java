package io.streamrag.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.testing.StartupFailure;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** A bad admin key hash or rate limit stops start-up, naming the property at fault. */
class AuthPropertiesTest {

  @EnableConfigurationProperties(AuthProperties.class)
  static class Settings {}

  private final ApplicationContextRunner gateway =
      new ApplicationContextRunner()
          .withUserConfiguration(Settings.class)
          .withPropertyValues(
              "gateway.rate-limit.requests-per-minute.user=120",
              "gateway.rate-limit.requests-per-minute.admin=600",
              "gateway.rate-limit.unauthenticated-per-minute=60");

  @Test
  void withoutAnAdminKeyThereIsNoBootstrapAdmin() {
    gateway.run(
        context -> assertThat(context.getBean(AuthProperties.class).adminKeySha256()).isEmpty());
  }

  @Test
  void anAdminKeyThatIsNotASha256StopsStartUp() {
    gateway
        .withPropertyValues("gateway.admin-key-sha256=dev-admin-key")
        .run(context -> assertThat(StartupFailure.messages(context)).contains("adminKeySha256"));
  }

  @Test
  void aLimitOfZeroStopsStartUp() {
    gateway
        .withPropertyValues("gateway.rate-limit.requests-per-minute.user=0")
        .run(
            context ->
                assertThat(StartupFailure.messages(context))
                    .contains("rateLimit.requestsPerMinute.user"));
  }
}
