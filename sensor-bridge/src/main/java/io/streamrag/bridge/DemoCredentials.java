package io.streamrag.bridge;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** Prints the demo device token at start-up; exists only in the {@code demo} profile. */
@Component
@Profile("demo")
class DemoCredentials implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(DemoCredentials.class);

  @Override
  public void run(ApplicationArguments args) {
    log.warn(
        "DEMO MODE: device 'demo-device' with token 'dev-device-token' may publish for sensors"
            + " 550e8400-e29b-41d4-a716-446655440000 and 6fa459ea-ee8a-3ca4-894e-db77e160355e"
            + " (HTTP bearer token, or MQTT username demo-device / password dev-device-token);"
            + " admin token 'dev-admin-token'. Never use the demo profile in production.");
  }
}
