package io.streamrag.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Configuration;

/**
 * The way the pods pass Kafka credentials works in Spring Boot: a config tree imported by
 * SPRING_CONFIG_IMPORT (here the same property as a system property) adds to what the service's own
 * yml imports, and the settings reach the Kafka clients' configuration. (A file's value binds to a
 * String but not to a Resource: hence the CA as trust-store-certificates, not a location.)
 */
class ConfigTreeTest {

  /** Binds spring.kafka.* as Boot's Kafka auto-configuration does. */
  @Configuration
  @EnableConfigurationProperties(KafkaProperties.class)
  static class KafkaSettings {}

  @Test
  void theMountedConfigTreeReachesTheKafkaClientsBesideTheServicesOwnImports(@TempDir Path tmp)
      throws Exception {
    // given the config tree a pod mounts: the kafka-client ConfigMap's keys and the user's JAAS
    // line
    Path tree = Files.createDirectories(tmp.resolve("kafka"));
    var clientSettings =
        Rendered.overlay("dev").all(ConfigMap.class).stream()
            .filter(c -> c.getMetadata().getName().equals("kafka-client"))
            .findFirst()
            .orElseThrow();
    for (var entry : clientSettings.getData().entrySet()) {
      Files.writeString(tree.resolve(entry.getKey()), entry.getValue());
    }
    String jaas =
        "org.apache.kafka.common.security.scram.ScramLoginModule required"
            + " username=\"gateway-service\" password=\"secret\";";
    Files.writeString(tree.resolve(KafkaClientCheck.JAAS), jaas + "\n");
    String ca = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
    Files.writeString(tree.resolve(KafkaClientCheck.CA), ca + "\n");
    // and a service yml that imports platform-kit's Kafka settings, as every service's does
    Path kit = Repo.ROOT.resolve("platform-kit/src/main/resources/streamrag-kafka.yml");
    Files.writeString(tmp.resolve("svc.yml"), "spring:\n  config:\n    import: file:" + kit + "\n");

    // when Spring Boot starts with the tree imported from outside the yml
    var app = new SpringApplication(KafkaSettings.class);
    app.setWebApplicationType(WebApplicationType.NONE);
    System.setProperty("spring.config.import", "configtree:" + tree + "/");
    try (var context =
        app.run(
            "--spring.config.name=svc",
            "--spring.config.location=file:" + tmp + "/",
            "--logging.level.root=WARN")) {
      var kafka = context.getBean(KafkaProperties.class);
      var admin = kafka.buildAdminProperties();

      // then both imports count: platform-kit's settings and the tree's credentials
      assertThat(kafka.buildConsumerProperties()).containsEntry("session.timeout.ms", "10000");
      assertThat(admin)
          .containsEntry(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_SSL")
          .containsEntry(SaslConfigs.SASL_MECHANISM, "SCRAM-SHA-512")
          .containsEntry(SaslConfigs.SASL_JAAS_CONFIG, jaas)
          .containsEntry(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PEM")
          // a multi-line value keeps its last newline, which PEM allows
          .containsEntry(SslConfigs.SSL_TRUSTSTORE_CERTIFICATES_CONFIG, ca + "\n");
    } finally {
      System.clearProperty("spring.config.import");
    }
  }
}
