package io.streamrag.kit.web;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.json.JsonMapper;

/** Every service's unhandled errors as problem details ({@link ProblemErrors}). */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class ProblemErrorsConfiguration {

  @Bean
  ProblemErrors problemErrors(JsonMapper json) {
    return new ProblemErrors(json);
  }
}
