package io.streamrag.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamrag.kit.guard.Refusal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ProblemsTest {

  final ApplicationContextRunner service =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class));

  @Test
  void aProblemKeepsErrorMessageAndExtrasBesideTheStandardFields() {
    ProblemDetail problem =
        Problems.of(
            400,
            "invalid_table",
            "irrigation.csv cannot be used",
            Map.of("problems", List.of("line 3: not a number")));

    JsonNode json = written(problem);

    assertThat(json.path("error").asString()).isEqualTo("invalid_table");
    assertThat(json.path("message").asString()).isEqualTo("irrigation.csv cannot be used");
    assertThat(json.path("problems").get(0).asString()).isEqualTo("line 3: not a number");
    assertThat(json.path("status").asInt()).isEqualTo(400);
    assertThat(json.path("title").asString()).isEqualTo("Bad Request");
    assertThat(json.path("detail").asString()).isEqualTo("irrigation.csv cannot be used");
    assertThat(json.has("properties")).isFalse();
  }

  @Test
  void aRefusalNamesItsFieldOnlyWhenItHasOne() {
    JsonNode withField =
        written(Problems.of(new Refusal(403, "forbidden_sensor", "not yours", "sensor_uuid")));
    JsonNode without = written(Problems.of(new Refusal(413, "body_too_large", "too large")));

    assertThat(withField.path("field").asString()).isEqualTo("sensor_uuid");
    assertThat(withField.path("error").asString()).isEqualTo("forbidden_sensor");
    assertThat(without.has("field")).isFalse();
    assertThat(without.path("status").asInt()).isEqualTo(413);
  }

  @Test
  void aResponseIsProblemJsonAndA401AsksForABearerToken() {
    var unauthorized = Problems.response(Problems.of(401, "unauthorized", "send a token"));
    var notFound = Problems.response(Problems.of(404, "kb_not_found", "no such KB"));

    assertThat(unauthorized.getStatusCode().value()).isEqualTo(401);
    assertThat(unauthorized.getHeaders().getContentType())
        .isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
    assertThat(unauthorized.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE))
        .isEqualTo("Bearer");
    assertThat(notFound.getHeaders().containsHeader(HttpHeaders.WWW_AUTHENTICATE)).isFalse();
  }

  private JsonNode written(ProblemDetail problem) {
    JsonNode[] json = new JsonNode[1];
    service.run(
        context -> {
          JsonMapper mapper = context.getBean(JsonMapper.class);
          json[0] = mapper.readTree(mapper.writeValueAsString(problem));
        });
    return json[0];
  }
}
