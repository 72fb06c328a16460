package io.streamrag.gateway;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** Prints the demo API keys at start-up; exists only in the {@code demo} profile. */
@Component
@Profile("demo")
class DemoCredentials implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(DemoCredentials.class);

  @Override
  public void run(ApplicationArguments args) {
    log.warn(
        "DEMO MODE: API key 'dev-farmer-key' owns sensor 550e8400-e29b-41d4-a716-446655440000;"
            + " 'dev-other-key' owns sensor 6fa459ea-ee8a-3ca4-894e-db77e160355e."
            + " Pipelines: both use 'croplogic' by default; 'dev-farmer-key' may also send"
            + " \"pipeline\":\"reference\" (units and conversions)."
            + " Never use the demo profile in production.");
  }
}
