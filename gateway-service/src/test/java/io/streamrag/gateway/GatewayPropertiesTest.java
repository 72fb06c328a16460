package io.streamrag.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.testing.StartupFailure;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** A key's webhook is checked at start-up: a bad one stops it, naming the property at fault. */
class GatewayPropertiesTest {

  @EnableConfigurationProperties(GatewayProperties.class)
  static class Settings {}

  private final ApplicationContextRunner gateway =
      new ApplicationContextRunner()
          .withUserConfiguration(Settings.class)
          .withPropertyValues(
              "gateway.chat.pipeline=croplogic",
              "gateway.chat.max-message-chars=2000",
              "gateway.chat.max-body-bytes=65536",
              "gateway.chat.answer-timeout=30s",
              "gateway.chat.idle-timeout=30s",
              "gateway.chat.keep-alive=15s",
              "gateway.chat.memory-timeout=5s",
              "gateway.recommendations.timeout=10s",
              "gateway.webhooks.attempts=5",
              "gateway.webhooks.initial-interval=1s",
              "gateway.webhooks.multiplier=2",
              "gateway.webhooks.max-interval=30s",
              "gateway.webhooks.timeout=5s",
              "gateway.api-keys[0].user=farmer",
              "gateway.api-keys[0].key-sha256=" + "a".repeat(64),
              "gateway.api-keys[0].sensors[0]=550e8400-e29b-41d4-a716-446655440000");

  @Test
  void aKeyWithAnHttpsWebhookAndASecretStarts() {
    gateway
        .withPropertyValues(
            "gateway.api-keys[0].webhook.url=https://farm.example/hooks/alerts?source=streamrag",
            "gateway.api-keys[0].webhook.secret=s3cret")
        .run(
            context ->
                assertThat(context.getBean(GatewayProperties.class).apiKeys().get(0).webhook())
                    .isEqualTo(
                        new GatewayProperties.Webhook(
                            "https://farm.example/hooks/alerts?source=streamrag", "s3cret")));
  }

  @Test
  void aKeyWithoutAWebhookStarts() {
    gateway.run(
        context ->
            assertThat(context.getBean(GatewayProperties.class).apiKeys().get(0).webhook())
                .isNull());
  }

  @Test
  void aWebhookWithoutASecretStopsStartUpNamingTheProperty() {
    gateway
        .withPropertyValues("gateway.api-keys[0].webhook.url=https://farm.example/hook")
        .run(
            context ->
                assertThat(StartupFailure.messages(context)).contains("apiKeys[0].webhook.secret"));
  }

  @Test
  void aWebhookThatIsNotAnHttpUrlStopsStartUpNamingTheProperty() {
    for (String url : new String[] {"ftp://farm.example/hook", "farm.example/hook", "http://"}) {
      gateway
          .withPropertyValues(
              "gateway.api-keys[0].webhook.url=" + url, "gateway.api-keys[0].webhook.secret=s")
          .run(
              context ->
                  assertThat(StartupFailure.messages(context))
                      .contains("apiKeys[0].webhook.url")
                      .contains("must be an absolute http:// or https:// URL"));
    }
  }
}
