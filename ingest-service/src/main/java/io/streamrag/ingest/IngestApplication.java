package io.streamrag.ingest;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** ingest-service: sensor readings and knowledge documents in, snapshots and index changes out. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class IngestApplication {

  /** The name of this service's configuration file, {@code ingest-service.yml}. */
  public static final String CONFIG_NAME = "spring.config.name=ingest-service";

  public static void main(String[] args) {
    new SpringApplicationBuilder(IngestApplication.class).properties(CONFIG_NAME).run(args);
  }
}
