package io.streamrag.gateway;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** gateway-service: the public edge. Chat questions in over HTTP, answers out over SSE. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

  /** The name of this service's configuration file, {@code gateway-service.yml}. */
  public static final String CONFIG_NAME = "spring.config.name=gateway-service";

  public static void main(String[] args) {
    new SpringApplicationBuilder(GatewayApplication.class).properties(CONFIG_NAME).run(args);
  }
}
