package io.streamrag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamrag.ingest.IngestApplication;
import io.streamrag.kafkalocal.LocalKafka;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Security settings reach every Kafka client: on a broker that demands SASL/PLAIN credentials, the
 * whole system works when {@code spring.kafka.*} carries them, and a service without them stops at
 * start with a message that says what to check.
 */
class SecuredKafkaTest {

  static final String SENSOR = WholeFlowTest.OTHER_SENSOR;
  static LocalKafka kafka;
  static RunningSystem system;

  @BeforeAll
  static void start() {
    kafka = LocalKafka.startSecured("platform", "s3cret");
    system =
        new RunningSystem(
            kafka,
            List.of(
                "--spring.kafka.security.protocol=SASL_PLAINTEXT",
                "--spring.kafka.properties.sasl.mechanism=PLAIN",
                "--spring.kafka.properties.sasl.jaas.config="
                    + LocalKafka.plainLogin("platform", "s3cret")));
  }

  @AfterAll
  static void stop() {
    if (system != null) {
      system.close();
    }
  }

  @Test
  void everyServiceTalksToTheSecuredBrokerWithItsCredentials() {
    String ts = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    assertThat(
            Http.postReading(
                system.bridgeUrl(),
                SENSOR,
                "dev-device-token",
                "{\"ts\":\"" + ts + "\",\"soil_moisture\":41.3}"))
        .isEqualTo(202);

    // bridge -> ingest -> retrieval -> llm -> gateway, each hop a secured client
    Http.Chat answer =
        WholeFlowTest.askUntil(
            () -> Http.chat(system.gatewayUrl(), "dev-other-key", SENSOR, "رطوبت خاک من چقدر است؟"),
            "41.3",
            Duration.ofSeconds(60));

    assertThat(answer.tokens()).contains("41.3");
    assertThat(answer.count("done")).isEqualTo(1);
  }

  @Test
  void aServiceWithoutCredentialsStopsAtStartAndSaysWhy() {
    var app =
        new SpringApplicationBuilder(IngestApplication.class)
            .properties(IngestApplication.CONFIG_NAME)
            .profiles("demo");

    assertThatThrownBy(
            () ->
                app.run(
                    "--server.port=0",
                    "--spring.jmx.enabled=false",
                    "--spring.kafka.bootstrap-servers=" + kafka.bootstrapServers(),
                    "--streamrag.kafka.startup-check-timeout=5s"))
        .hasStackTraceContaining("ingest-service cannot start")
        .hasStackTraceContaining("cannot read the topics from Kafka at " + kafka.bootstrapServers())
        .hasStackTraceContaining("spring.kafka.security.protocol");
  }
}
