package io.streamrag.kit.demo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Profile;

/**
 * Prints a service's demo credentials at start-up, in the {@code demo} profile only. The text is
 * {@code streamrag.demo.credentials}, set in the service's {@code *-demo.yml} beside the
 * credentials it describes; a service that sets none prints nothing.
 */
@AutoConfiguration
@Profile("demo")
@ConditionalOnProperty("streamrag.demo.credentials")
public class DemoCredentials {

  private static final Logger log = LoggerFactory.getLogger(DemoCredentials.class);

  @Bean
  ApplicationRunner demoCredentialsNotice(
      @Value("${streamrag.demo.credentials}") String credentials) {
    return args ->
        log.warn("DEMO MODE: {} Never use the demo profile in production.", credentials.strip());
  }
}
