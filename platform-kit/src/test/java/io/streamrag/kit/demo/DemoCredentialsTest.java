package io.streamrag.kit.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class DemoCredentialsTest {

  final ApplicationContextRunner service =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(DemoCredentials.class))
          .withPropertyValues("streamrag.demo.credentials=API key 'dev-key' owns sensor s-1.");

  @Test
  void inTheDemoProfileTheCredentialsArePrintedWithAWarningAtStartUp(CapturedOutput output) {
    service
        .withPropertyValues("spring.profiles.active=demo")
        .run(
            context -> {
              context.getBean(ApplicationRunner.class).run(null);

              assertThat(output)
                  .contains(
                      "DEMO MODE: API key 'dev-key' owns sensor s-1."
                          + " Never use the demo profile in production.");
            });
  }

  @Test
  void outsideTheDemoProfileNothingIsPrinted() {
    service.run(context -> assertThat(context).doesNotHaveBean(ApplicationRunner.class));
  }

  @Test
  void aServiceWithoutDemoCredentialsPrintsNothing() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(DemoCredentials.class))
        .withPropertyValues("spring.profiles.active=demo")
        .run(context -> assertThat(context).doesNotHaveBean(ApplicationRunner.class));
  }
}
