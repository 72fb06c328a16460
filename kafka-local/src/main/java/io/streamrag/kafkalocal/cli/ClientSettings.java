package io.streamrag.kafkalocal.cli;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The Kafka client settings of the topics tool, so it reaches a secured broker (SASL, TLS) as the
 * services do: the bootstrap servers, then the services' own config tree (the directory {@code
 * SPRING_CONFIG_IMPORT=configtree:DIR} names in every pod: files named after {@code spring.kafka.*}
 * properties), then a Kafka properties file ({@code --command-config FILE}, as Kafka's own tools
 * take), each overriding the one before.
 */
final class ClientSettings {

  private ClientSettings() {}

  /**
   * @param options the tool's {@code --name value} options
   * @param env the environment ({@code KAFKA_BOOTSTRAP_SERVERS}, {@code SPRING_CONFIG_IMPORT})
   */
  static Map<String, Object> of(Map<String, String> options, Map<String, String> env) {
    var settings = new HashMap<String, Object>();
    settings.put(
        "bootstrap.servers",
        options.getOrDefault(
            "bootstrap", env.getOrDefault("KAFKA_BOOTSTRAP_SERVERS", "localhost:9092")));
    String tree = options.getOrDefault("config-tree", configTree(env.get("SPRING_CONFIG_IMPORT")));
    if (tree != null) {
      settings.putAll(fromConfigTree(Path.of(tree)));
    }
    if (options.containsKey("command-config")) {
      settings.putAll(fromFile(Path.of(options.get("command-config"))));
    }
    return settings;
  }

  private static String configTree(String imports) {
    if (imports == null) {
      return null;
    }
    for (String location : imports.split(",")) {
      String l = location.strip().replaceFirst("^optional:", "");
      if (l.startsWith("configtree:")) {
        return l.substring("configtree:".length());
      }
    }
    return null;
  }

  /** Spring's {@code spring.kafka.*} names, as files, in Kafka's client names. */
  static Map<String, Object> fromConfigTree(Path dir) {
    var settings = new HashMap<String, Object>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String kafka = kafkaName(file.getFileName().toString());
        if (kafka != null) {
          settings.put(kafka, Files.readString(file, StandardCharsets.UTF_8).strip());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Kafka config tree " + dir, e);
    }
    return settings;
  }

  /** A Spring property's Kafka client name, or null for one the tool does not need. */
  static String kafkaName(String spring) {
    if (spring.startsWith("spring.kafka.properties.")) {
      return spring.substring("spring.kafka.properties.".length());
    }
    return switch (spring) {
      case "spring.kafka.security.protocol" -> "security.protocol";
      case "spring.kafka.ssl.trust-store-type" -> "ssl.truststore.type";
      case "spring.kafka.ssl.trust-store-certificates" -> "ssl.truststore.certificates";
      case "spring.kafka.ssl.trust-store-location" -> "ssl.truststore.location";
      case "spring.kafka.ssl.trust-store-password" -> "ssl.truststore.password";
      case "spring.kafka.ssl.key-store-type" -> "ssl.keystore.type";
      case "spring.kafka.ssl.key-store-certificate-chain" -> "ssl.keystore.certificate.chain";
      case "spring.kafka.ssl.key-store-key" -> "ssl.keystore.key";
      case "spring.kafka.ssl.key-store-location" -> "ssl.keystore.location";
      case "spring.kafka.ssl.key-store-password" -> "ssl.keystore.password";
      case "spring.kafka.ssl.key-password" -> "ssl.key.password";
      default -> null;
    };
  }

  private static Map<String, Object> fromFile(Path file) {
    var properties = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read --command-config " + file, e);
    }
    var settings = new HashMap<String, Object>();
    properties.forEach((k, v) -> settings.put(String.valueOf(k), String.valueOf(v)));
    return settings;
  }
}
