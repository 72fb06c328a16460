package io.streamrag.retrieval;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** retrieval-service: chat requests in, contexts (routed KBs, passages, snapshot) out. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class RetrievalApplication {

  /** The name of this service's configuration file, {@code retrieval-service.yml}. */
  public static final String CONFIG_NAME = "spring.config.name=retrieval-service";

  public static void main(String[] args) {
    new SpringApplicationBuilder(RetrievalApplication.class).properties(CONFIG_NAME).run(args);
  }
}
