package io.streamrag.bridge;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** sensor-bridge: firmware in over HTTP (and MQTT), validated readings out to Kafka. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SensorBridgeApplication {

  /** The name of this service's configuration file, {@code sensor-bridge.yml}. */
  public static final String CONFIG_NAME = "spring.config.name=sensor-bridge";

  public static void main(String[] args) {
    new SpringApplicationBuilder(SensorBridgeApplication.class).properties(CONFIG_NAME).run(args);
  }
}
