package io.streamrag.llm;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** llm-service: contexts in, streamed answer events out. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LlmApplication {

  /** The name of this service's configuration file, {@code llm-service.yml}. */
  public static final String CONFIG_NAME = "spring.config.name=llm-service";

  public static void main(String[] args) {
    new SpringApplicationBuilder(LlmApplication.class).properties(CONFIG_NAME).run(args);
  }
}
